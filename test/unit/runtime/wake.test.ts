/**
 * Server-rendered islands sleep until the page wakes (shared/runtime/wake.ts,
 * intent.ts, mount.ts; docs/architecture.md "When islands wake"): what wakes
 * it, what does not, and that nothing the shopper or legacy code did
 * meanwhile is lost.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_CHANNEL, EVENTS, on } from '../../../shared/events';
import type { Island } from '../../../shared/runtime/island';
import { createRuntime, type IslandRegistry } from '../../../shared/runtime/mount';
import { keepTyped } from '../../../shared/runtime/typed';
import { atLoad, CONFIG_ELEMENT_ID, nearViewport, withPage } from '../../../shared/runtime/wake';
import { ISLANDS } from '../../../widgets/registry';
import { hook } from '../hook';

const EVENT = EVENTS.cartUpdated;
const SERVER_HTML = '<template data-sfw-ssr="h.x"></template><button type="button">Open</button><input name="q" value="">';

/** An island that counts its loads and clicks and, like a component's effect, listens only a task after it mounted. */
function spyIsland(name: string, listensAfterMs = 5) {
  const seen = { loads: 0, clicks: 0, events: [] as unknown[] };
  const island: Island = {
    name,
    mount(host, handoff) {
      host.querySelector('button')?.addEventListener('click', () => seen.clicks++);
      let off = () => {};
      setTimeout(() => {
        off = on(EVENT, (detail) => seen.events.push(detail));
        handoff?.ready();
      }, listensAfterMs);
      return () => off();
    },
  };
  const entry = { load: async () => (seen.loads++, { default: island }), wake: withPage() };
  return { seen, entry };
}

const runtimes: Array<ReturnType<typeof createRuntime>> = [];
function start(registry: IslandRegistry) {
  const runtime = createRuntime(registry);
  runtimes.push(runtime);
  runtime.mount();
  return runtime;
}

function serverHook(widget: string): HTMLElement {
  const el = hook(widget);
  el.innerHTML = SERVER_HTML;
  return el;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const mounted = async (el: HTMLElement) => vi.waitFor(() => expect(el.getAttribute('data-island')).toBe('ready'));

afterEach(() => {
  runtimes.splice(0).forEach((runtime) => runtime.stop());
  document.body.replaceChildren();
  document.getElementById(CONFIG_ELEMENT_ID)?.remove();
});

describe('sleeping islands', () => {
  it('a hook holding server HTML loads no code until the page wakes', async () => {
    const { seen, entry } = spyIsland('a');
    const el = serverHook('a');
    start({ a: entry });
    await settle();
    expect(seen.loads).toBe(0);
    expect(el.getAttribute('data-island')).toBe('sleeping');
  });

  const inside = (el: HTMLElement) => el.querySelector('button')!;
  /** A pointermove by so many pixels. */
  const pointerMove = (movementX: number, movementY: number) =>
    Object.defineProperties(new Event('pointermove', { bubbles: true }), { movementX: { value: movementX }, movementY: { value: movementY } });
  it.each<[string, (el: HTMLElement) => void]>([
    ['a pointer moving inside an island', (el) => inside(el).dispatchEvent(pointerMove(2, -1))],
    ['a press inside an island', (el) => inside(el).dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a touch inside an island', (el) => inside(el).dispatchEvent(new Event('touchstart', { bubbles: true }))],
    ['a focus inside an island', (el) => inside(el).focus()],
    ['a key inside an island', (el) => inside(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['a storefront event', () => window.dispatchEvent(new CustomEvent(EVENT, { detail: {} }))],
    ['a page restored from the back/forward cache', () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))],
    ['a cart change in another tab', () => {
      const otherTab = new BroadcastChannel(CART_CHANNEL);
      otherTab.postMessage('cart-updated');
      otherTab.close();
    }],
    ['Storefront.wake()', () => runtimes[0]!.wake()],
  ])('%s wakes the page: every sleeping island mounts', async (_case, act) => {
    const a = spyIsland('a');
    const b = spyIsland('b');
    const first = serverHook('a');
    const second = serverHook('b');
    start({ a: a.entry, b: b.entry });
    act(first);
    await mounted(first);
    await mounted(second);
    expect([a.seen.loads, b.seen.loads]).toEqual([1, 1]);
  });

  it.each<[string, () => void]>([
    ['a pointer over an island (content scrolling under a still cursor)', () => document.querySelector('[data-widget] button')!.dispatchEvent(new Event('pointerover', { bubbles: true }))],
    ['a pointer moving outside every island', () => document.body.dispatchEvent(pointerMove(2, -1))],
    // Chromium sends one at (0, 0) as a page lays out, with no mouse at all (a phone emulated): on the header.
    ['a pointer move that did not move (the browser\'s own after a layout, under a still cursor)', () => document.querySelector('[data-widget] button')!.dispatchEvent(pointerMove(0, 0))],
    ['a page shown fresh (not from the back/forward cache)', () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }))],
    ['a scroll', () => window.dispatchEvent(new Event('scroll'))],
  ])('%s does not wake it', async (_case, act) => {
    const { seen, entry } = spyIsland('a');
    serverHook('a');
    start({ a: entry });
    act();
    await settle();
    expect(seen.loads).toBe(0);
  });

  it('a storefront event sent while the page slept reaches the woken island once, after it listens', async () => {
    const { seen, entry } = spyIsland('a');
    const el = serverHook('a');
    start({ a: entry });
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { count: 3 } }));
    await mounted(el);
    await vi.waitFor(() => expect(seen.events).toEqual([{ count: 3 }]));
    await settle();
    expect(seen.events).toEqual([{ count: 3 }]);
    // Awake: later events go straight to the listeners, once.
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { count: 4 } }));
    expect(seen.events).toEqual([{ count: 3 }, { count: 4 }]);
  });

  it('an event sent while the woken islands mount reaches each once, in the order sent, whenever it starts listening', async () => {
    const fast = spyIsland('a', 0);
    const slow = spyIsland('b', 80);
    const first = serverHook('a');
    serverHook('b');
    start({ a: fast.entry, b: slow.entry });
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { count: 1 } }));
    await mounted(first);
    await settle(); // the fast island listens, the slow one not yet
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { count: 2 } }));
    await vi.waitFor(() => expect(slow.seen.events).toEqual([{ count: 1 }, { count: 2 }]));
    await settle();
    // Before: the fast island saw 2 at once, then 1 and 2 again from the replay (a toggle ran three times).
    expect(fast.seen.events).toEqual([{ count: 1 }, { count: 2 }]);
    expect(slow.seen.events).toEqual([{ count: 1 }, { count: 2 }]);
  });

  it('a click on a sleeping island is held and replayed once it mounted', async () => {
    const { seen, entry } = spyIsland('a');
    const el = serverHook('a');
    start({ a: entry });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    el.querySelector('button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await mounted(el);
    await vi.waitFor(() => expect(seen.clicks).toBe(1));
    await settle();
    expect(seen.clicks).toBe(1);
  });

  it('what was typed into server HTML before hydration is put back and announced (typed.ts)', () => {
    const el = serverHook('a');
    el.insertAdjacentHTML('beforeend', '<input type="checkbox" name="c"><textarea name="t"></textarea>');
    const [text, box] = [el.querySelector<HTMLInputElement>('input[name="q"]')!, el.querySelector<HTMLInputElement>('input[name="c"]')!];
    const area = el.querySelector('textarea')!;
    text.value = 'pikachu';
    box.checked = true;
    const typed = keepTyped(el);
    const heard: string[] = [];
    el.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).name));
    text.value = ''; // hydration resets the controlled field
    area.value = '';
    typed.restore();
    expect(text.value).toBe('pikachu');
    expect(area.value).toBe('');
    expect(heard).toEqual(['q']);
  });

  it('keys typed while the island hydrates stay: the text is the last one typed, not the one when hydration began', () => {
    const el = serverHook('a');
    const field = el.querySelector<HTMLInputElement>('input[name="q"]')!;
    const type = (text: string) => {
      field.value = text;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('ch');
    const typed = keepTyped(el);
    type('cha');
    type('char');
    typed.restore();
    expect(field.value).toBe('char');
    field.value = ''; // and a field hydration reset gets the last text back
    typed.restore();
    expect(field.value).toBe('char');
  });

  it('an empty hook that waits for the viewport (withPage({ empty: nearViewport })) does not wake the page', async () => {
    const a = spyIsland('a');
    const b = spyIsland('b');
    const empty = hook('a');
    const other = serverHook('b');
    start({ a: { ...a.entry, wake: withPage({ empty: nearViewport }) }, b: b.entry });
    await settle();
    expect(empty.getAttribute('data-island')).not.toBe('sleeping');
    expect(other.getAttribute('data-island')).toBe('sleeping');
    expect(b.seen.loads).toBe(0);
  });

  it('an empty hook mounts at load and wakes the page with it', async () => {
    const a = spyIsland('a');
    const b = spyIsland('b');
    const empty = hook('a');
    const sleeping = serverHook('b');
    start({ a: a.entry, b: b.entry });
    await mounted(empty);
    await mounted(sleeping);
  });
});

describe('islands that must run at load (spec §7)', () => {
  const config = (json: unknown) => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = CONFIG_ELEMENT_ID;
    el.textContent = JSON.stringify(json);
    document.head.append(el);
  };

  it('a config without the cart count wakes the page at load', async () => {
    config({ region: { country: 'US' } });
    const { seen, entry } = spyIsland('cart');
    const el = serverHook('cart');
    start({ cart: { ...entry, wake: ISLANDS['cart-dropdown']!.wake } });
    await mounted(el);
    expect(seen.loads).toBe(1);
  });

  it('a config with the count and a US visitor lets both sleep', async () => {
    config({ cart: { count: 2 }, country: { country: 'US' } });
    const cart = spyIsland('cart');
    const country = spyIsland('country');
    serverHook('cart');
    serverHook('country');
    start({ cart: { ...cart.entry, wake: ISLANDS['cart-dropdown']!.wake }, country: { ...country.entry, wake: ISLANDS['country-prompt']!.wake } });
    await settle();
    expect([cart.seen.loads, country.seen.loads]).toEqual([0, 0]);
  });
});

describe('the first intent', () => {
  /** An island that records what reached it once it listens. */
  function recordingIsland(name: string, log: string[]) {
    const island: Island = {
      name,
      mount(host, handoff) {
        log.push(`mount ${name}`);
        host.addEventListener('focusin', () => log.push(`focus ${name}`));
        host.addEventListener('keydown', (event) => log.push(`key ${name} ${event.key}`));
        host.addEventListener('click', (event) => (event.target as Element).closest('button') && log.push(`click ${name}`));
        setTimeout(() => handoff?.ready(), 5);
        return () => {};
      },
    };
    return { load: async () => ({ default: island }), wake: withPage() };
  }
  const combobox = (name: string) => {
    const el = hook(name);
    el.innerHTML = '<template data-sfw-ssr="h.x"></template><input role="combobox" aria-expanded="false"><button type="button">Go</button>';
    return el;
  };

  it('mounts the island the shopper reached first, then the others', async () => {
    const log: string[] = [];
    combobox('a');
    const b = combobox('b');
    combobox('c');
    start({ a: recordingIsland('a', log), b: recordingIsland('b', log), c: recordingIsland('c', log) });
    b.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(log.filter((line) => line.startsWith('mount'))).toHaveLength(3));
    expect(log[0]).toBe('mount b');
  });

  it('the others start only once the reached island answered: its held click delivered, that frame drawn', async () => {
    const log: string[] = [];
    const a = combobox('a');
    combobox('b');
    start({ a: recordingIsland('a', log), b: recordingIsland('b', log) });
    a.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(log).toContain('mount b'));
    expect(log).toEqual(['mount a', 'click a', 'mount b']);
  });

  it('a reached island that never says it listens holds the others back half a second at most', async () => {
    const log: string[] = [];
    const stuck: Island = { name: 'a', mount: () => (log.push('mount a'), () => {}) };
    const a = combobox('a');
    combobox('b');
    start({ a: { load: async () => ({ default: stuck }), wake: withPage() }, b: recordingIsland('b', log) });
    const woke = performance.now();
    a.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(log).toContain('mount b'), { timeout: 2000 });
    expect(performance.now() - woke).toBeLessThan(1500);
    expect(log).toEqual(['mount a', 'mount b']);
  });

  it('a hook reached while the page wakes mounts next, before those nearer the viewport', async () => {
    const log: string[] = [];
    const a = combobox('a');
    combobox('b');
    const c = combobox('c');
    start({ a: recordingIsland('a', log), b: recordingIsland('b', log), c: recordingIsland('c', log) });
    a.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    // Like the header's Search button focusing the field of a search bar that still sleeps.
    c.querySelector('input')!.focus();
    await vi.waitFor(() => expect(log.filter((line) => line.startsWith('mount'))).toHaveLength(3));
    expect(log.filter((line) => line.startsWith('mount'))).toEqual(['mount a', 'mount c', 'mount b']);
    expect(log.indexOf('focus c')).toBeLessThan(log.indexOf('mount b'));
  });

  it('a press the island wakes under: the control pressed stays the same node, and the browser\'s click on it reaches the island once, not the link\'s page', async () => {
    const log: string[] = [];
    const el = hook('a');
    el.innerHTML = '<template data-sfw-ssr="h.x"></template><div class="box"><a href="/cart" aria-controls="panel">Cart</a><div id="panel" hidden></div></div>';
    let commit!: () => void;
    const sliced: Island = {
      name: 'a',
      mount(host, handoff) {
        // As hydration does: the server's link gets the island's handler and its disclosure's role.
        commit = () => {
          const link = host.querySelector('a')!;
          link.setAttribute('role', 'button');
          link.addEventListener('click', (event) => (event.preventDefault(), log.push('toggle')));
          handoff?.ready();
        };
        return () => {};
      },
    };
    start({ a: { load: async () => ({ default: sliced }), wake: withPage() } }).wake();
    await vi.waitFor(() => expect(commit).toBeTypeOf('function'));
    const link = el.querySelector('a')!;
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    commit();
    link.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    await settle();
    expect(el.querySelector('a')).toBe(link);
    expect([log, click.defaultPrevented]).toEqual([['toggle'], true]);
  });

  it('a link clicked with a modifier on a sleeping island is the browser\'s (a new tab): not held, not prevented, not delivered again', async () => {
    const el = hook('a');
    el.innerHTML = '<template data-sfw-ssr="h.x"></template><a href="/cart" aria-controls="panel">Cart</a><div id="panel" role="dialog" hidden></div>';
    start({ a: recordingIsland('a', []) });
    const link = el.querySelector('a')!;
    const seen: boolean[] = [];
    const onClick = (event: Event) => seen.push(event.isTrusted);
    document.addEventListener('click', onClick);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, [modifier]: true });
      link.dispatchEvent(click);
      expect([modifier, click.defaultPrevented, link.hasAttribute('aria-busy')]).toEqual([modifier, false, false]);
    }
    await mounted(el);
    await settle();
    document.removeEventListener('click', onClick);
    expect(seen).toHaveLength(3);
  });

  it('a focus, a first ArrowDown and a click before the island listens reach it once each, in order', async () => {
    const log: string[] = [];
    const el = combobox('a');
    start({ a: recordingIsland('a', log) });
    const input = el.querySelector('input')!;
    input.focus();
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    input.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true); // kept from the browser until the combobox listens
    el.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await mounted(el);
    await vi.waitFor(() => expect(log).toContain('click a'));
    await settle();
    expect(log).toEqual(['mount a', 'focus a', 'key a ArrowDown', 'click a']);
    expect(document.activeElement).toBe(input);
  });

  it('a held click shows at once: the button is busy, the hidden panel it controls opens; delivered, both are as the island left them', async () => {
    const log: string[] = [];
    const el = hook('a');
    el.innerHTML =
      '<template data-sfw-ssr="h.x"></template><button type="button" aria-busy="false" aria-controls="panel">Cart</button><div id="panel" role="dialog" hidden></div>';
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const island = recordingIsland('a', log);
    start({ a: { ...island, load: () => arrived.then(island.load) } });
    const [button, panel] = [el.querySelector('button')!, el.querySelector<HTMLElement>('#panel')!];
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // The code is still on its way: the shopper sees the tap was taken.
    expect([button.getAttribute('aria-busy'), panel.hidden, panel.getAttribute('aria-busy')]).toEqual(['true', false, 'true']);
    arrive();
    await vi.waitFor(() => expect(log).toContain('click a'));
    // The island gets the click on its own state: it opens the panel itself.
    expect([button.getAttribute('aria-busy'), panel.hidden, panel.hasAttribute('aria-busy')]).toEqual(['false', true, false]);
    expect(el.querySelectorAll('[data-sfw-pending]')).toHaveLength(0);
  });

  it('an island whose code does not load: the pending state is taken back, and a held link goes where it leads', async () => {
    const el = hook('a');
    el.innerHTML = '<template data-sfw-ssr="h.x"></template><a href="#cart" aria-controls="panel">Cart</a><div id="panel" role="dialog" hidden></div>';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    start({ a: { load: () => Promise.reject(new Error('offline')), wake: withPage() } });
    const link = el.querySelector('a')!;
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(link.getAttribute('aria-busy')).toBe('true');
    link.addEventListener('click', followed);
    await vi.waitFor(() => expect(el.getAttribute('data-island')).toBe('failed'));
    await vi.waitFor(() => expect(followed).toHaveBeenCalledTimes(1));
    expect([link.hasAttribute('aria-busy'), el.querySelector<HTMLElement>('#panel')!.hidden]).toEqual([false, true]);
  });

  it('an event sent while the page wakes reaches a listener there already at once, not after every island listens', async () => {
    const seen: unknown[] = [];
    const off = on(EVENT, (detail) => seen.push(detail)); // e.g. the modals store, which the header follows from the load
    const slow = spyIsland('b', 300);
    const el = serverHook('b');
    start({ b: slow.entry });
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { n: 1 } }));
    expect(seen).toEqual([{ n: 1 }]);
    await mounted(el);
    await vi.waitFor(() => expect(slow.seen.events).toEqual([{ n: 1 }]));
    expect(seen).toEqual([{ n: 1 }]);
    off();
  });

  it('a late listener that sends an event while the earlier ones replay to it gets that one once, after them', async () => {
    const slow = spyIsland('b', 300);
    serverHook('b');
    start({ b: slow.entry });
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { n: 1 } }));
    const seen: unknown[] = [];
    const off = on(EVENT, (detail) => {
      seen.push(detail);
      if ((detail as { n?: number }).n === 1) window.dispatchEvent(new CustomEvent(EVENT, { detail: { n: 2 } }));
    });
    off();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('islands listen to storefront events only through on() (events.ts), which gives them the events sent before they woke', () => {
    const files = execSync('git ls-files widgets shared', { encoding: 'utf8' }).split('\n').filter((f) => /\.tsx?$/.test(f));
    const direct = files.filter((file) => /addEventListener\(\s*(EVENTS\.|['"`]storefront:)/.test(readFileSync(file, 'utf8')));
    expect(direct).toEqual([]);
  });

  it('a listener of an island awake at load gets an event sent while a later hook sleeps exactly once', async () => {
    const seen: unknown[] = [];
    const listener: Island = {
      name: 'early',
      mount(_host, handoff) {
        const on = (event: Event) => seen.push((event as CustomEvent).detail);
        window.addEventListener(EVENT, on);
        handoff?.ready();
        return () => window.removeEventListener(EVENT, on);
      },
    };
    const a = spyIsland('a');
    const early = hook('early');
    const runtime = start({ early: { load: async () => ({ default: listener }), wake: atLoad }, a: a.entry });
    await mounted(early);
    // A hook with server HTML added after the first scan: it sleeps.
    const late = serverHook('a');
    runtime.mount(late);
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { n: 1 } }));
    await mounted(late);
    await vi.waitFor(() => expect(a.seen.events).toEqual([{ n: 1 }]));
    await settle();
    expect(seen).toEqual([{ n: 1 }]);
  });
});
