/**
 * A storefront event sent while the page wakes, for an island that still
 * sleeps (Sign in's modal-open for the login modal's dialog), reaches that
 * island: it mounts next, not after every island nearer the viewport.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { emit, EVENTS } from '../../../shared/events';
import type { Island } from '../../../shared/runtime/island';
import { createRuntime, type IslandRegistry } from '../../../shared/runtime/mount';
import { withPage } from '../../../shared/runtime/wake';
import { hook } from '../hook';

const mounts: string[] = [];
function island(name: string) {
  const it: Island = {
    name,
    mount(host, handoff) {
      mounts.push(name);
      setTimeout(() => handoff?.ready(), 5);
      return () => {};
    },
  };
  return { load: () => new Promise<{ default: Island }>((resolve) => setTimeout(() => resolve({ default: it }), 20)), wake: withPage() };
}

function serverHook(widget: string, html = '<button type="button">Open</button>'): HTMLElement {
  const el = hook(widget);
  el.innerHTML = `<template data-sfw-ssr="h.x"></template>${html}`;
  return el;
}

let stop = () => {};
afterEach(() => {
  stop();
  mounts.length = 0;
  document.body.innerHTML = '';
});

it.each([
  ['a modal-open for its dialog', { id: 'sign-in' }, ['near', 'modal', 'other']],
  ['a modal-open for a dialog not on the page', { id: 'elsewhere' }, ['near', 'other', 'modal']],
])('%s while the page wakes mounts the island it is for next', async (_case, detail, order) => {
  serverHook('near');
  serverHook('other');
  serverHook('modal', '<dialog data-modal-id="sign-in"></dialog>');
  const registry: IslandRegistry = { near: island('near'), other: island('other'), modal: island('modal') };
  const runtime = createRuntime(registry);
  stop = () => runtime.stop();
  runtime.mount();
  runtime.wake();
  emit(EVENTS.modalOpen, detail);
  await vi.waitFor(() => expect(mounts).toHaveLength(3));
  expect(mounts).toEqual(order);
});
