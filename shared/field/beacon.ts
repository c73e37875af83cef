/**
 * The beacon, pure (test/unit/field/beacon.test.ts): what one page view sends, in exactly the shape the
 * receivers accept (/tmp contract, docs/embedding.md "Field data"), built from the chunk's metrics (vitals.ts) and the
 * runtime's marks (shared/runtime/field.ts note), every value checked here so that a receiver never has to
 * refuse a beacon of ours. It names no shopper: island names, a page type, numbers.
 */

export const ISLAND = /^[a-z][a-z0-9-]{0,39}$/;
export const MAX_BYTES = 16384;
export const MAX_LIST = 50;
const INPUTS = ['click', 'keydown', 'pointerdown', 'submit', 'focus', 'input'];
const FAILURES = ['chunk', 'reload', 'crash', 'mismatch', 'csp'];
const MAX_MS = 600_000;

export interface Metric {
  name: 'LCP' | 'CLS' | 'INP';
  value: number;
  island: string;
  parts?: { inputDelay: number; processing: number; presentation: number };
  script?: { ours: number; shop: number };
}
export interface Beacon {
  v: 1;
  build: string;
  page: string;
  device: 'mobile' | 'desktop';
  metrics: Metric[];
  held: Array<{ island: string; input: string; ms: number }>;
  wakes: Array<{ island: string; wake: number; hydrate: number }>;
  failures: Array<{ kind: string; island: string }>;
  fallbacks: Array<{ island: string }>;
}
/** A runtime mark as the chunk reads it: its kind (the name after `sfw:`) and detail. */
export interface Note {
  kind: string;
  detail: unknown;
}

/** An island name as a beacon carries it: a lazy part's ('add-to-cart/AddToCartForm') is its island's; anything else is "page". */
export function islandName(name: unknown): string {
  const island = typeof name === 'string' ? name.split('/')[0]! : '';
  return ISLAND.test(island) ? island : 'page';
}

/** The island a node belongs to (a text node: its element's): its closest hook's `data-widget`, else "page" (the host's own elements, or none). */
export function islandOf(node: unknown): string {
  const element = node instanceof Node && !(node instanceof Element) ? node.parentElement : node;
  return islandName(element instanceof Element ? element.closest('[data-widget]')?.getAttribute('data-widget') : null);
}

/** Milliseconds as sent: whole, 0..600000 (NaN and the like: 0). */
export const ms = (value: unknown): number => Math.min(MAX_MS, Math.max(0, Math.round(Number(value)) || 0));

function metric(m: Metric): Metric {
  const value = m.name === 'CLS' ? Math.min(100, Math.max(0, Math.round(Number(m.value) * 1e4) / 1e4 || 0)) : ms(m.value);
  const out: Metric = { name: m.name, value, island: islandName(m.island) };
  if (m.name === 'INP') {
    if (m.parts) out.parts = { inputDelay: ms(m.parts.inputDelay), processing: ms(m.parts.processing), presentation: ms(m.parts.presentation) };
    if (m.script) out.script = { ours: ms(m.script.ours), shop: ms(m.script.shop) };
  }
  return out;
}

/**
 * When islands were asked for (performance.now()): `seen`, each time a hook of that island went `loading`
 * while the field chunk watched; `before`, for those asked for before it came (at load: when the runtime
 * mounted the page, DOMContentLoaded). A wake counts from the latest of these before its mount.
 */
export interface WakeStarts {
  seen: Record<string, number[]>;
  before: number;
}

/** The beacon of these facts: metrics (each name once, the last kept), the runtime's notes, CSP failures; lists at most MAX_LIST long. */
export function buildBeacon(facts: {
  build: string;
  page: string;
  device: Beacon['device'];
  metrics: Metric[];
  notes: Note[];
  failures?: Beacon['failures'];
  starts?: WakeStarts;
}): Beacon {
  const { seen, before } = facts.starts ?? { seen: {}, before: 0 };
  const beacon: Beacon = {
    v: 1,
    build: /^[A-Za-z0-9._+-]{1,40}$/.test(facts.build) ? facts.build : 'unknown',
    page: facts.page,
    device: facts.device,
    metrics: [...new Map(facts.metrics.map((m) => [m.name, metric(m)])).values()],
    held: [],
    wakes: [],
    failures: [],
    fallbacks: [],
  };
  for (const { kind, detail } of facts.notes) {
    const d = (detail && typeof detail === 'object' ? detail : {}) as Record<string, unknown>;
    const island = islandName(d.island);
    if (kind === 'held' && INPUTS.includes(d.input as string)) beacon.held.push({ island, input: d.input as string, ms: ms(d.ms) });
    else if (kind === 'wake') {
      const mounted = Number(d.mounted);
      const start = Math.max(before, ...(Object.hasOwn(seen, island) ? seen[island]! : []).filter((t) => t <= mounted));
      beacon.wakes.push({ island, wake: ms(mounted - start), hydrate: ms(d.hydrate) });
    }
    else if (kind === 'fail' && FAILURES.includes(d.kind as string)) beacon.failures.push({ kind: d.kind as string, island });
    else if (kind === 'fallback') beacon.fallbacks.push({ island });
  }
  beacon.failures.push(...(facts.failures ?? []));
  for (const list of [beacon.held, beacon.wakes, beacon.failures, beacon.fallbacks]) list.splice(MAX_LIST);
  return beacon;
}

/** The beacon's JSON, at most MAX_BYTES: while longer, the longest list loses its last entry. */
export function beaconJson(beacon: Beacon): string {
  const lists = [beacon.held, beacon.wakes, beacon.failures, beacon.fallbacks] as unknown[][];
  let json = JSON.stringify(beacon);
  while (new TextEncoder().encode(json).length > MAX_BYTES) {
    const longest = lists.reduce((a, b) => (b.length > a.length ? b : a));
    if (!longest.length) break;
    longest.pop();
    json = JSON.stringify(beacon);
  }
  return json;
}
