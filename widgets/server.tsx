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
 */
import { renderToString } from 'preact-render-to-string';
import { ISLANDS } from './registry';
import { parsePageConfig, resetPageConfig, setPageConfig } from '../shared/config';
import { initPageState } from '../shared/runtime/shared-start';
import type { Island } from '../shared/runtime/island';
import { readIsland } from '../shared/runtime/props';
import { markerHtml } from '../shared/runtime/ssr';

// Every island module is in this one file (no code splitting): load them all once, at import.
const loaded: Island[] = await Promise.all(Object.values(ISLANDS).map(async (entry) => (await entry.load()).default));
const islands = new Map(loaded.filter((island) => island.ssr).map((island) => [island.name, island]));

/** The widgets this renderer renders (enhancers of server markup, like the header, are not among them). */
export const widgets: string[] = [...islands.keys()];

/** A page's hooks come with the same config object (the render service, the demo): parse (and warn) once. */
let lastConfig: { raw: unknown; parsed: ReturnType<typeof parsePageConfig> } | undefined;
function pageConfigOf(raw: unknown) {
  if (!lastConfig || lastConfig.raw !== raw) lastConfig = { raw, parsed: parsePageConfig(raw ?? undefined) };
  return lastConfig.parsed;
}

export function render(widget: string, props: unknown, config?: unknown): string {
  try {
    const island = islands.get(widget);
    if (!island?.ssr) {
      console.error(`[storefront] render: unknown widget "${widget}". Server-rendered widgets: ${widgets.join(', ')}.`);
      return '';
    }
    // As in the browser (props.ts): a bad field costs that field, a bad card that card.
    const pageConfig = pageConfigOf(config);
    const read = readIsland(widget, props ?? {}, island.ssr.schema, island.ssr.hashed, pageConfig, 'props');
    if (!read.ok) {
      console.error(read.message);
      return '';
    }
    // Rendering is synchronous: the page-wide stores hold this page's state for its duration.
    setPageConfig(pageConfig);
    initPageState();
    const ids = Math.random().toString(36).slice(2, 8) || 'x';
    const html = renderToString(island.ssr.render(read.props, ids));
    return markerHtml({ hash: read.hash, ids }) + html;
  } catch (error) {
    console.error(`[storefront] render: ${widget} threw while rendering:`, error);
    return '';
  } finally {
    resetPageConfig();
  }
}
