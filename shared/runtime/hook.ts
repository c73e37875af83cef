/**
 * The hydrate contract, in one place: how one hook goes from server HTML to
 * a listening island, and the one writer of its state attribute
 * (`data-island`, ssr.ts), each change checked against one table.
 *
 *   (none) ─▶ sleeping | waiting ─▶ loading ─▶ ready
 *     └───────────────────────────────┴──────────┴──▶ failed
 *
 * `hydrate(host)` loads the island's code (tried twice), mounts
 * it in a task of its own and hands it a `Handoff`. The island calls
 * `ready()` in the same commit that puts its live handlers in the DOM (a
 * layout effect, island.tsx): until then the intent layer (intent.ts) holds
 * each input and stops it, so no handler sees one twice; at that moment the
 * hook becomes `ready` and what was held is delivered, once each and in
 * order (deliver.ts), before any later input can arrive. Once ready, nothing
 * is held. `failed()`: its server HTML works as without JavaScript, and what
 * was held does its own job (a link is followed; when the code is gone, the
 * page reloads once: reload.ts).
 *
 * Kept free of Preact: it is part of the entry script.
 */
import type { Claim, Handoff, HeldInputs, Island, IslandEntry } from './contracts';
import { STATE_ATTR, stateOf, WIDGET_ATTR, type HostState } from './ssr';

/** The state changes the runtime makes (to: from, '-' no state yet); anything else is a bug, and is ignored. */
const FROM: Record<HostState, string> = {
  sleeping: '-',
  waiting: '-',
  loading: '- sleeping waiting',
  ready: 'loading',
  failed: '- loading ready',
};

/** The one writer of `data-island`; null: the hook is given up (unmounted). */
export function setState(host: HTMLElement, to: HostState | null): boolean {
  if (to && !FROM[to].includes(stateOf(host) ?? '-')) return false;
  if (to) host.setAttribute(STATE_ATTR, to);
  else host.removeAttribute(STATE_ATTR);
  return true;
}

type HandoffModule = typeof import('./deliver');
let handoffModule: HandoffModule | undefined;
/**
 * Runs `then` with the delivery code (a chunk of its own, fetched at idle):
 * in a microtask when it ran before (after the commit's own re-renders),
 * else once it arrives (what comes meanwhile is held too). When it cannot
 * come either (the page's build was deleted before the idle fetch), what was
 * held is lost with the page's code, and the browser logs the failed import:
 * the reload-once policy (reload.ts) lives in that chunk, out of the entry.
 */
export function withHandoff(then: (m: HandoffModule) => void): void {
  void (handoffModule ? Promise.resolve(handoffModule) : import('./deliver')).then((m) => then((handoffModule = m)));
}

/** Lets input through: scheduler.yield where the browser has it, else a fresh task. */
export function yieldToInput(): Promise<void> {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));
}

const SETTLED = { answered: Promise.resolve() };

/**
 * Loads and mounts one hook. Resolves with `answered`: resolves once the
 * hook is ready and what was held was delivered, or it failed. `unmount` is
 * set once it mounted.
 */
export async function hydrate(host: HTMLElement, entry: IslandEntry, held: HeldInputs, mounted: Map<HTMLElement, Claim>): Promise<{ answered: Promise<void> }> {
  const name = host.getAttribute(WIDGET_ATTR)!;
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  /**
   * `error`: its code did not load (else the island logged why). deliver.ts
   * says so in one console line and releases what was held, in the same
   * task as the hook becomes failed: until then, what comes is held too.
   */
  const fail = (error?: unknown) =>
    withHandoff((m) => {
      if (stateOf(host) === 'loading' && setState(host, 'failed')) m.release(host, name, held.take(host), error);
      answer();
    });
  if (!setState(host, 'loading')) return SETTLED;
  let island: Island;
  try {
    // Tried twice (a dropped connection); failing again, its build is likely gone (deliver.ts release).
    island = (await entry.load().catch(() => entry.load())).default;
  } catch (error) {
    fail(error); // its server HTML stays, working as without JavaScript
    return { answered };
  }
  // Each island mounts in a task of its own, so a page of islands never blocks input for long.
  await yieldToInput();
  if (stateOf(host) !== 'loading') return SETTLED; // unmounted meanwhile
  const handoff: Handoff = {
    ready() {
      if (!held.has(host)) return void (setState(host, 'ready'), answer());
      // Held inputs: ready and delivered together, before any later input can arrive (held meanwhile).
      withHandoff((m) => {
        if (setState(host, 'ready')) m.deliver(host, held.take(host), island.reach);
        answer();
      });
    },
    failed: () => fail(),
  };
  mounted.set(host, { unmount: island.mount(host, handoff), island });
  return { answered };
}
