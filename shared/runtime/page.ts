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
 * Kept free of Preact: it is part of the entry script.
 */
import { setState } from './hook';

export type PageState = 'starting' | 'asleep' | 'waking' | 'awake';

/** The most the other islands wait for the reached one to answer. */
const ANSWER_MS = 500;
/** After the next frame is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** How far the hook is from the viewport (0 when in it): the nearest wakes first. */
function distanceToViewport(host: HTMLElement): number {
  const { top, bottom } = host.getBoundingClientRect();
  return top > innerHeight ? top - innerHeight : bottom < 0 ? -bottom : 0;
}

/** `hydrate` mounts one hook (hook.ts); `awake` runs once every sleeping island answered. */
export function createPage(hydrate: (host: HTMLElement) => Promise<{ answered: Promise<void> }>, awake: () => void) {
  let state: PageState = 'starting';
  let wokeWhileStarting = false;
  const sleeping = new Set<HTMLElement>();
  /** While waking: the hooks still to mount, the next first, and those the shopper reached (they answer before the next starts). */
  let queue: HTMLElement[] = [];
  const reached = new Set<HTMLElement>();

  /** Wakes the page once: `first` (the hook the shopper reached) mounts first, then the rest, nearest the viewport first. */
  function wake(first?: HTMLElement): void {
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
    void (async () => {
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
    })();
  }

  return {
    get state(): PageState {
      return state;
    },
    wake,
    /** The runtime claimed the page's hooks: a wake asked for meanwhile happens now. */
    claimed(): void {
      if (state !== 'starting') return;
      state = 'asleep';
      if (wokeWhileStarting) wake();
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
