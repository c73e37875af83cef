/**
 * Reads an island's props: JSON, validated by the island's schema. Unknown
 * keys are dropped by the schema, so nothing unexpected ever reaches a
 * component (and props are never spread onto DOM elements).
 *
 * Parsed leniently (api/lenient.ts): a bad optional prop, or a bad item of a
 * list, is dropped with one console.warn naming the widget and the field, and
 * the island renders without it. Only a prop it cannot work without fails it.
 *
 * `readIsland` is the one "parse leniently, hash with the config" that the
 * server renderer, the island and the grid share: server HTML hydrates only
 * when the browser's hash is the one the server put in its marker (ssr.ts).
 */
import type * as v from 'valibot';
import { describeIssue, parseLenient } from '../api/lenient';

declare const SFW_RENDER_VERSION: string | undefined;

/** Set by build.mjs from the sources, the same for the server and both client builds (the marker's hash covers it, ssr.ts). */
export const RENDER_VERSION = typeof SFW_RENDER_VERSION === 'string' ? SFW_RENDER_VERSION : 'dev';

/** FNV-1a (32 bit), base 36: cheap, and only compared with itself. */
export function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** What a hook's server HTML depends on. */
export function renderHash(widget: string, props: unknown, config: unknown): string {
  return hashText(`${RENDER_VERSION}|${widget}|${JSON.stringify(props)}|${JSON.stringify(config)}`);
}


export type PropsResult<T> = { ok: true; props: T } | { ok: false; message: string };

/** Props and the hash of what server HTML rendered from them depends on. */
export type IslandRead<T> = { ok: true; props: T; hash: string } | { ok: false; message: string };

/** Lenient parse; messages name the widget and where the props came from. */
function parse<P>(widget: string, json: unknown, schema: v.GenericSchema<unknown, P>, source: PropsSource): PropsResult<P> {
  const label = source === 'props' ? `[storefront] render: ${widget}` : `[storefront] ${widget}`;
  const result = parseLenient(schema, json);
  for (const note of result.dropped) console.warn(`${label}: ${note}`);
  if (!result.success) return { ok: false, message: `${label}: invalid ${source}, ${describeIssue(result.issue)}` };
  return { ok: true, props: result.output };
}

/** 'data-props' in the browser (the hook's attribute), 'props' on the server (render()'s argument). */
export type PropsSource = 'data-props' | 'props';

/** Parses `json` (already JSON-parsed) leniently and hashes what of it `hashed` picks with the page config. */
export function readIsland<P>(
  widget: string,
  json: unknown,
  schema: v.GenericSchema<unknown, P>,
  hashed: (props: P) => unknown,
  config: unknown,
  source: PropsSource = 'data-props',
): IslandRead<P> {
  const parsed = parse(widget, json, schema, source);
  return parsed.ok ? { ...parsed, hash: renderHash(widget, hashed(parsed.props), config) } : parsed;
}

/** The hook's `data-props` as JSON ({} when absent or blank). */
export function propsJson(widget: string, host: HTMLElement): { ok: true; json: unknown } | { ok: false; message: string } {
  const raw = host.getAttribute('data-props');
  if (raw === null || raw.trim() === '') return { ok: true, json: {} };
  try {
    return { ok: true, json: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, message: `[storefront] ${widget}: data-props is not valid JSON (${(error as Error).message}). Got: ${raw.slice(0, 200)}` };
  }
}

/** Reads the hook's `data-props` with the island's schema (an enhancer's props, which no server HTML depends on). */
export function parseProps<P>(widget: string, host: HTMLElement, schema: v.GenericSchema<unknown, P>): PropsResult<P> {
  const json = propsJson(widget, host);
  return json.ok ? parse(widget, json.json, schema, 'data-props') : json;
}
