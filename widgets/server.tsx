/**
 * The server renderer (built to dist/server/render.js, an ES module for
 * Node): the same islands, schemas and config parser as the client, rendered
 * to HTML with preact-render-to-string.
 *
 *   import { render, widgets } from './dist/server/render.js';
 *   const html = render('product-grid', { products }, pageConfig);
 *   // Blade: <section data-widget="product-grid" data-props='…'>{!! $html !!}</section>
 *
 * `render(widget, props, config?)` returns the hook's inner HTML, starting
 * with the hydration marker (shared/runtime/ssr.ts). It never throws: an
 * unknown widget, bad props or a render that throws log one console.error
 * and give '' (an empty hook: the client renders it, as without a server).
 * `config` is the page's config block as an object (defaults when absent).
 *
 * `renderHook(widget, props, config, { deadline })` is the same render for the
 * render service: it writes nothing to the console and returns the HTML with
 * what went wrong (the dropped fields, the reason for an empty hook), and it
 * stops a render that runs past `deadline` (a performance.now() time).
 */
import { options } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { ISLANDS } from './registry';
import { PageConfig, parsePageConfig, resetPageConfig, setPageConfig } from '../shared/config';
import { initPageState } from '../shared/runtime/shared-start';
import type { Island } from '../shared/runtime/island';
import { readIsland, RENDER_VERSION } from '../shared/runtime/props';
import { markerHtml } from '../shared/runtime/ssr';
import { withFastValidPath } from '../shared/api/fast-valid';
import { examples } from './warm-up';

// Every island module is in this one file (no code splitting): load them all once, at import.
const loaded: Island[] = await Promise.all(Object.values(ISLANDS).map(async (entry) => (await entry.load()).default));
const islands = new Map(loaded.filter((island) => island.ssr).map((island) => [island.name, island]));
// Valid props and configs parse without valibot's dataset per field; invalid ones as before (shared/api/fast-valid.ts).
for (const island of islands.values()) withFastValidPath(island.ssr!.schema);
withFastValidPath(PageConfig);

/** The widgets this renderer renders (enhancers of server markup, like the header, are not among them). */
export const widgets: string[] = [...islands.keys()];

/** A page's hooks come with the same config object (the render service, the demo): parse (and warn) once. */
let lastConfig: { raw: unknown; parsed: ReturnType<typeof parsePageConfig> } | undefined;
function pageConfigOf(raw: unknown) {
  if (!lastConfig || lastConfig.raw !== raw) lastConfig = { raw, parsed: parsePageConfig(raw ?? undefined) };
  return lastConfig.parsed;
}

/** The hooks the render service renders before it takes traffic (warm-up.ts): each rendered island's example. */
export const warmUp = examples.filter((hook) => islands.has(hook.widget));

/** What the markup depends on besides widget, props and config: the render service keys its cache on it. */
export const renderVersion: string = RENDER_VERSION;

export interface HookResult {
  /** The hook's inner HTML, '' when it cannot be rendered. */
  html: string;
  /** One note per field or list item left out of the props (parseLenient's `dropped`). */
  dropped: string[];
  /** Why the hook is empty. */
  error?: string;
  /** True when the render was stopped at the deadline. */
  overBudget?: boolean;
}

class BudgetSpent extends Error {}

// A render is one synchronous renderToString: the deadline is checked every few
// elements it visits (between a grid's cards, inside a long one), never mid-element.
let deadline = Infinity;
let visits = 0;
const internal = options as unknown as { __b?: (vnode: unknown) => void };
const beforeDiff = internal.__b;
internal.__b = (vnode) => {
  beforeDiff?.(vnode);
  if ((++visits & 63) === 0 && performance.now() > deadline) throw new BudgetSpent();
};

export function renderHook(widget: string, props: unknown, config?: unknown, limits: { deadline?: number } = {}): HookResult {
  let dropped: string[] = [];
  try {
    const island = islands.get(widget);
    if (!island?.ssr) return { html: '', dropped, error: `unknown widget "${widget}". Server-rendered widgets: ${widgets.join(', ')}.` };
    // Read and hashed as in the browser (props.ts readIsland): a bad field costs that field, a bad card that card.
    const pageConfig = pageConfigOf(config);
    const read = readIsland(widget, props ?? {}, island.ssr.schema, island.ssr.hashed, pageConfig);
    dropped = read.dropped;
    if (!read.ok) return { html: '', dropped, error: `${widget}: invalid props, ${read.issue}` };
    // Rendering is synchronous: the page-wide stores hold this page's state for its duration.
    setPageConfig(pageConfig);
    initPageState();
    const ids = Math.random().toString(36).slice(2, 8) || 'x';
    deadline = limits.deadline ?? Infinity;
    const html = renderToString(island.ssr.render(read.props, ids));
    return { html: markerHtml({ hash: read.hash, ids }) + html, dropped };
  } catch (error) {
    if (error instanceof BudgetSpent) return { html: '', dropped, error: `${widget}: render stopped at the render budget`, overBudget: true };
    return { html: '', dropped, error: `${widget} threw while rendering: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}` };
  } finally {
    deadline = Infinity;
    resetPageConfig();
  }
}

export function render(widget: string, props: unknown, config?: unknown): string {
  const result = renderHook(widget, props, config);
  for (const note of result.dropped) console.warn(`[storefront] render: ${widget}: ${note}`);
  if (result.error) console.error(`[storefront] render: ${result.error}`);
  return result.html;
}
