/**
 * The runtime's contracts, types only: what an island, the registry, the
 * wake strategies and the intent layer promise each other. No implementation
 * imports another through these, so the runtime's files form no circle.
 */
import type { ReactElement } from 'react';
import type * as v from 'valibot';

/** What an island and the runtime tell each other (Island.mount's second argument; page.ts hydrate makes it). */
export interface Handoff {
  /**
   * Its live handlers are in the DOM: call in the commit that put them there (a layout effect), once; the hook
   * becomes ready. What is still held then is delivered first (deliver.ts, its chunk fetched when it has not run:
   * an enhancer runs before input without it).
   */
  ready(): void;
  /** It cannot run on this hook (bad props, a crash while mounting): it logged why. */
  failed(): void;
  /** What the intent layer held: an island that delivers it itself (island.tsx) takes it, calls ready() and delivers it, in one task. */
  held?: HeldInputs;
}

export interface Island {
  name: string;
  /**
   * Mounts on the hook and returns the unmount. Calls `handoff.ready()` in
   * the commit that puts its live handlers in the DOM (a layout effect):
   * what arrived before is delivered at once (island.tsx, page.ts).
   * A hook it cannot mount: `handoff.failed()`, after logging why.
   */
  mount(host: HTMLElement, handoff?: Handoff): () => void;
  /** The shopper reached `target` inside the mounted hook (intent.ts): prepare it before the event arrives (the grid hydrates that card). */
  reach?(host: HTMLElement, target: Element): void;
  /** Server rendering (widgets/server.tsx): the same schema and tree as the client's. */
  ssr?: {
    schema: v.GenericSchema<unknown, unknown>;
    /** The island's tree for these (parsed) props, inside its boundary and id scope. */
    render(props: unknown, ids: string): ReactElement;
    /** What of the props the marker's hash covers. */
    hashed(props: unknown): unknown;
  };
}

/** What a strategy can ask of the runtime for its hook (page.ts and mount.ts answer). */
export interface WakeContext {
  /** Mount it now; the page stays asleep. */
  hydrate(): void;
  /** Sleep until the page wakes (mounts now when the page is awake). */
  sleep(): void;
  /** Mount it now and wake the page with it. */
  wakePage(): void;
  /** It waits for something the strategy watches (the viewport): its state says `waiting`. */
  wait(): void;
  /** The page config's JSON as written (readRawConfig), read once per scan. */
  config(): Record<string, unknown>;
}

/**
 * When one hook mounts (wake.ts): a small function of the hook and what the
 * runtime offers, owning its own mechanism (an observer, which it stops
 * before it mounts the hook); returns what stops it when the hook goes away first.
 */
export type Strategy = (host: HTMLElement, page: WakeContext) => void | (() => void);

export interface IslandEntry {
  load: () => Promise<{ default: Island }>;
  /** The name of the module `load` imports (build.mjs chunkName): a group's ('every-page'); default the widget's own folder, its name. Its files are fetched at idle when the page has the hook. */
  chunk?: string;
  /** When it mounts (wake.ts): default withPage(), asleep in server HTML until the page wakes. */
  wake?: Strategy;
}

/** A claimed hook: what gives it up, and its island once mounted. */
export interface Claim {
  unmount(): void;
  island?: Island;
}

/** An input the intent layer held for a hook that did not listen yet (intent.ts). */
export type Held = (
  | { kind: 'focus'; element: HTMLElement }
  | { kind: 'key'; element: HTMLElement; key: string }
  | { kind: 'click'; element: HTMLElement }
) & {
  /** The input (field data: its time to its answer, deliver.ts). */
  event?: Event;
};

/** What hydrate() needs from the intent layer: what was held for a hook. */
export interface HeldInputs {
  /** Removes and returns what was held; the intent layer does not listen while the caller delivers it, in the same task. */
  take(host: HTMLElement): Held[];
  has(host: HTMLElement): boolean;
}
