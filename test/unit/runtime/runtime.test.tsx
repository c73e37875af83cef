import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/preact';
import { useLayoutEffect } from "react";
import { defineEnhancer } from '../../../shared/runtime/enhancer';
import { defineIsland } from '../../../shared/runtime/island';
import { createRuntime, type IslandRegistry } from '../../../shared/runtime/mount';
import { atLoad } from '../../../shared/runtime/wake';
import { url } from '../../../shared/api/schemas';
import { hook } from '../hook';

const unmounted = vi.fn();

const greeting = defineIsland('greeting', v.object({ name: v.string(), link: v.optional(url) }), ({ name, link }) => {
  useLayoutEffect(() => () => unmounted(), []);
  return link ? <a href={link}>Hello {name}</a> : <p>Hello {name}</p>;
});
const broken = defineIsland('broken', v.object({}), () => {
  throw new Error('boom');
});
const enhancer = defineEnhancer('enhancer', (host) => {
  host.classList.add('enhanced');
  return () => host.classList.remove('enhanced');
});

const loads = { greeting: 0 };
const registry: IslandRegistry = {
  greeting: { load: async () => (loads.greeting++, { default: greeting }) },
  broken: { load: async () => ({ default: broken }) },
  enhancer: { load: async () => ({ default: enhancer }), wake: atLoad },
};

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  loads.greeting = 0;
  unmounted.mockReset();
});

describe('mount runtime', () => {
  it('mounts each hook with its validated props', async () => {
    hook('greeting', { name: 'Ash' });
    hook('greeting', { name: 'Misty', extra: '<b>ignored</b>' });
    createRuntime(registry).mount();
    await waitFor(() => expect(document.body.textContent).toContain('Hello Misty'));
    expect(document.body.textContent).toContain('Hello Ash');
    expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Hello Ash', 'Hello Misty']);
  });

  it('is idempotent: mount() twice, or two runtimes (the bundle included twice), mount each hook once', async () => {
    const el = hook('greeting', { name: 'Brock' });
    const first = createRuntime(registry);
    first.mount();
    first.mount();
    createRuntime(registry).mount();
    await waitFor(() => expect(el.textContent).toBe('Hello Brock'));
    await settle();
    expect(el.querySelectorAll('p')).toHaveLength(1);
    expect(loads.greeting).toBe(1);
  });

  it.each([
    ['invalid JSON', '{"name": ', /greeting: data-props is not valid JSON/],
    ['a missing field', '{}', /greeting: invalid data-props, field "name"/],
    ['a wrong type', '{"name": 42}', /greeting: invalid data-props, field "name"/],
    ['a needed field that is null', '{"name": null}', /greeting: invalid data-props, field "name"/],
  ])('%s logs exactly one error naming the widget and field, renders nothing, and the others still mount', async (_case, raw, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = hook('greeting', undefined, raw);
    const good = hook('greeting', { name: 'Gary' });
    createRuntime(registry).mount();
    await waitFor(() => expect(good.textContent).toBe('Hello Gary'));
    expect(bad.innerHTML).toBe('');
    // Said failed from the handoff's own chunk (hook.ts withHandoff), which may come after the good one mounted.
    await waitFor(() => expect(bad.getAttribute('data-island')).toBe('failed'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(message);
  });

  it.each([
    ['a javascript: link', '{"name":"x","link":"javascript:alert(1)"}'],
    ['a tab-obfuscated javascript: link', '{"name":"x","link":"java\\tscript:alert(1)"}'],
  ])('%s (optional) is dropped with exactly one warning naming the widget and field; the island renders without it', async (_case, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const el = hook('greeting', undefined, raw);
    createRuntime(registry).mount();
    await waitFor(() => expect(el.textContent).toBe('Hello x'));
    expect(el.querySelector('a')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toBe('[storefront] greeting: dropped field "link" (must be a relative or http(s) URL)');
    expect(error).not.toHaveBeenCalled();
  });

  it('allows relative and http(s) links', async () => {
    const el = hook('greeting', { name: 'x', link: '/pokemon-151' });
    createRuntime(registry).mount();
    await waitFor(() => expect(el.querySelector('a')?.getAttribute('href')).toBe('/pokemon-151'));
  });

  it('an island that throws renders nothing and logs, the rest of the page lives', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = hook('broken', {});
    const good = hook('greeting', { name: 'Oak' });
    createRuntime(registry).mount();
    await waitFor(() => expect(good.textContent).toBe('Hello Oak'));
    await waitFor(() => expect(error.mock.calls.some((c) => String(c[0]).includes('broken crashed'))).toBe(true));
    expect(bad.textContent).toBe('');
  });

  it('an unknown widget name logs one error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    hook('nope');
    createRuntime(registry).mount();
    await waitFor(() => expect(error).toHaveBeenCalled());
    await settle();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/Unknown widget "nope"/);
  });

  it('a chunk that fails to load is logged and breaks nothing else', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: IslandRegistry = { ...registry, lost: { load: () => Promise.reject(new Error('chunk 404')) } };
    hook('lost');
    const good = hook('greeting', { name: 'Joy' });
    createRuntime(failing).mount();
    await waitFor(() => expect(good.textContent).toBe('Hello Joy'));
    expect(String(error.mock.calls[0]![0])).toMatch(/lost could not be loaded/);
  });

  it('mounts hooks added later and unmounts removed ones (MutationObserver)', async () => {
    const runtime = createRuntime(registry);
    runtime.mount();
    const stop = runtime.observe(document.body);
    const later = hook('greeting', { name: 'Later' });
    await waitFor(() => expect(later.textContent).toBe('Hello Later'));
    later.remove();
    await waitFor(() => expect(unmounted).toHaveBeenCalledTimes(1));
    expect(later.hasAttribute('data-island')).toBe(false);
    stop();
  });

  it('unmount(root) unmounts hooks inside root and allows mounting again', async () => {
    const el = hook('greeting', { name: 'Again' });
    const runtime = createRuntime(registry);
    runtime.mount();
    await waitFor(() => expect(el.textContent).toBe('Hello Again'));
    runtime.unmount(document.body);
    expect(unmounted).toHaveBeenCalledTimes(1);
    expect(el.textContent).toBe('');
    runtime.mount();
    await waitFor(() => expect(el.textContent).toBe('Hello Again'));
  });

  it('an enhancer wires server markup without replacing it, and cleans up', async () => {
    const el = hook('enhancer', {});
    el.innerHTML = '<nav>server menu</nav>';
    const runtime = createRuntime(registry);
    runtime.mount();
    await waitFor(() => expect(el.classList.contains('enhanced')).toBe(true));
    expect(el.innerHTML).toBe('<nav>server menu</nav>');
    runtime.unmount();
    expect(el.classList.contains('enhanced')).toBe(false);
  });
});
