/**
 * The page's lifecycle, one state:
 *
 *   starting ─▶ asleep ─▶ waking ─▶ awake
 *
 * `starting` until the runtime claimed the page's hooks (a page may hold
 * mounting back: StorefrontBeforeMount); `asleep` while server-rendered
 * islands sleep; `waking` from the first intent (wake.ts lists what counts)
 * until every sleeping island answered; then `awake`, and a hook added later
 * mounts at once. A wake while starting happens once the hooks are claimed.
 *
 * Waking, the island the shopper reached mounts first; once it answered
 * (what was held delivered and that frame drawn, or after ANSWER_MS if it
 * does not) the others follow, nearest the viewport first, one per task.
 *
 * And the hydrate contract, in one place: how one hook goes from server HTML
 * to a listening island, and the one writer of its state attribute
 * (`data-island`, ssr.ts), each change checked against one table.
 *
 *   (none) ─▶ sleeping | waiting ─▶ loading ─▶ ready
 *     └───────────────────────────────┴──────────┴──▶ failed
 *
 * `hydrate(host)` loads the island's code (tried twice), mounts it in a task
 * of its own and hands it a `Handoff`. Until the island listens, the intent
 * layer (intent.ts) holds each input and stops it, so no handler sees one
 * twice; in the commit that puts its live handlers in the DOM the island
 * takes what was held, the hook becomes `ready`, and it delivers it, once
 * each and in order (deliver.ts), before any later input can arrive
 * (island.tsx; an enhancer's `ready()` has it delivered here). Once ready,
 * nothing is held. `failed()`: its server HTML works as without JavaScript,
 * and what was held does its own job (a link is followed; when the code is
 * gone, the page reloads once: reload.ts).
 *
 * Kept free of Preact: it is part of the entry script.
 */
import type { Claim, Handoff, HeldInputs, Island, IslandEntry } from './contracts';
import { STATE_ATTR, stateOf, WIDGET_ATTR, type HostState } from './ssr';

export type PageState = 'starting' | 'asleep' | 'waking' | 'awake';

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

/**
 * Runs `then` with the delivery code (deliver.ts, out of the entry: fetched at
 * idle, and run already once an island mounted) once it came: meanwhile the
 * hook's state stays, so what comes is held too. When it cannot come (the
 * page's build was deleted before the idle fetch), what was held is lost with
 * the page's code, and the browser logs the failed import.
 */
export function withHandoff(then: (m: typeof import('./deliver')) => void): void {
  void import('./deliver').then(then);
}

/** Lets input through: scheduler.yield where the browser has it, else a fresh task. */
export function yieldToInput(): Promise<void> {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));
}

/** The most the other islands wait for the reached one to answer. */
const ANSWER_MS = 500;
/** After the next frame is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const SETTLED = { answered: Promise.resolve() };

/** How far the hook is from the viewport (0 when in it): the nearest wakes first. */
function distanceToViewport(host: HTMLElement): number {
  const { top, bottom } = host.getBoundingClientRect();
  return top > innerHeight ? top - innerHeight : bottom < 0 ? -bottom : 0;
}

/**
 * `entryOf`: a claimed hook's registry line; `claims`: the claimed hooks (a
 * mounted one's unmount and island are set here); `held`: the intent layer
 * (read when a hook mounts: it is made after the page); `awake` runs once
 * every sleeping island answered.
 */
export function createPage(
  entryOf: (host: HTMLElement) => IslandEntry | undefined,
  claims: Map<HTMLElement, Claim>,
  held: () => HeldInputs,
  awake: () => void,
) {
  let state: PageState = 'starting';
  let wokeWhileStarting = false;
  const sleeping = new Set<HTMLElement>();
  /** While waking: the hooks still to mount, the next first, and those the shopper reached (they answer before the next starts). */
  let queue: HTMLElement[] = [];
  const reached = new Set<HTMLElement>();

  /**
   * Loads and mounts one hook. Resolves with `answered`: resolves once the
   * hook is ready and what was held was delivered, or it failed. Its claim
   * gets the unmount once it mounted.
   */
  async function hydrate(host: HTMLElement): Promise<{ answered: Promise<void> }> {
    const name = host.getAttribute(WIDGET_ATTR)!;
    const entry = entryOf(host)!;
    const inputs = held();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    /**
     * `error`: its code did not load (else the island logged why). deliver.ts
     * says so in one console line and releases what was held, in the same
     * task as the hook becomes failed: until then, what comes is held too.
     */
    const fail = (error?: unknown) =>
      withHandoff((m) => {
        if (stateOf(host) === 'loading' && setState(host, 'failed')) m.release(host, name, inputs.take(host), error);
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
      held: inputs,
      ready() {
        // Still held (an enhancer's, which runs before input without the delivery code): ready and delivered together, once it came.
        if (inputs.has(host))
          return withHandoff((m) => {
            if (setState(host, 'ready')) m.deliver(host, inputs.take(host), island.reach);
            answer();
          });
        setState(host, 'ready');
        answer();
      },
      failed: () => fail(),
    };
    claims.set(host, { unmount: island.mount(host, handoff), island });
    return { answered };
  }

  /**
   * Wakes the page once: `first` (the hook the shopper reached) mounts first when it sleeps (one waiting for the
   * viewport is reached there: its observer mounts it), then the rest, nearest the viewport first.
   */
  async function wake(first?: HTMLElement | null): Promise<void> {
    if (first && state !== 'awake') {
      reached.add(first);
      // Reached while the page wakes (a header button that focuses the search field): it mounts next.
      if (queue.includes(first)) queue = [first, ...queue.filter((host) => host !== first)];
    }
    if (state === 'starting') wokeWhileStarting = true;
    if (state !== 'asleep') return;
    state = 'waking';
    queue = [...sleeping].sort((a, b) => +reached.has(b) - +reached.has(a) || distanceToViewport(a) - distanceToViewport(b));
    sleeping.clear();
    const answers: Array<Promise<void>> = [];
    for (let host; (host = queue.shift()); ) {
      if (!host.isConnected) continue;
      const { answered } = await hydrate(host);
      answers.push(answered);
      // A reached island answers before the next starts: what was held delivered and that frame drawn (or, stuck, after ANSWER_MS).
      if (reached.delete(host)) await Promise.race([answered.then(nextFrame), new Promise((resolve) => setTimeout(resolve, ANSWER_MS))]);
    }
    await Promise.all(answers);
    state = 'awake';
    awake();
  }

  return {
    get state(): PageState {
      return state;
    },
    wake,
    hydrate,
    /** The runtime claimed the page's hooks: a wake asked for meanwhile happens now. */
    claimed(): void {
      if (state !== 'starting') return;
      state = 'asleep';
      if (wokeWhileStarting) void wake();
    },
    /** The hook sleeps until the page wakes; mounted now when it is waking or awake. */
    sleep(host: HTMLElement): void {
      if (state === 'waking' || state === 'awake') return void hydrate(host);
      setState(host, 'sleeping');
      sleeping.add(host);
    },
    /** The hook went away (a reached one that did stays in `reached` until the page woke: the queue skips it). */
    forget: (host: HTMLElement) => sleeping.delete(host),
    /** The hooks asleep. */
    sleeping,
  };
}
