// @vitest-environment node
/** The renderer's warm-up hooks (widgets/warm-up.ts): every server-rendered widget, rendered whole. */
import { describe, expect, it } from 'vitest';
import { renderHook, warmUp, widgets } from '../../../widgets/server';

describe('the warm-up hooks', () => {
  it('name every widget the renderer renders, once', () => {
    expect(warmUp.map((hook) => hook.widget).sort()).toEqual([...widgets].sort());
  });

  it.each(warmUp.map((hook) => [hook.widget, hook] as const))('%s renders HTML with nothing dropped', (_, hook) => {
    const result = renderHook(hook.widget, hook.props, hook.config);
    expect(result.error).toBeUndefined();
    expect(result.dropped).toEqual([]);
    expect(result.html).toMatch(/^<template data-sfw-ssr=/);
  });

  it('the grid: 48 cards, in the states that render differently', () => {
    const grid = warmUp.find((hook) => hook.widget === 'product-grid')!;
    const { html } = renderHook(grid.widget, grid.props, grid.config);
    expect(html.match(/class="sfw-teaser-card"/g)).toHaveLength(48);
    // Sale, new, presale, group break, reward-only and deposit cards take their own paths.
    const kinds = ['badge--sale', 'badge--new', 'badge--presale', 'badge--break-date', 'price--reward', 'price--deposit', 'stock--spots-left'];
    expect(kinds.filter((kind) => !html.includes(`sfw-teaser-card__${kind}`))).toEqual([]);
  });
});
