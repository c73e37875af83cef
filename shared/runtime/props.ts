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

/**
 * The one "parse leniently, hash with the config": `json` (already
 * JSON-parsed) read by the island's schema, and the hash of what of it
 * `hashed` picks with the page config. Logs nothing: `dropped` has one note
 * per field or list item left out, `issue` says why it failed.
 */
export function readIsland<P>(
  widget: string,
  json: unknown,
  schema: v.GenericSchema<unknown, P>,
  hashed: (props: P) => unknown,
  config: unknown,
): { ok: true; props: P; hash: string; dropped: string[] } | { ok: false; issue: string; dropped: string[] } {
  const result = parseLenient(schema, json);
  if (!result.success) return { ok: false, issue: describeIssue(result.issue), dropped: result.dropped };
  return { ok: true, props: result.output, hash: renderHash(widget, hashed(result.output), config), dropped: result.dropped };
}

/** readIsland in the browser: each dropped field warned, a failure as one message naming the widget. */
export function readLogged<P>(widget: string, json: unknown, schema: v.GenericSchema<unknown, P>, hashed: (props: P) => unknown, config: unknown): IslandRead<P> {
  const read = readIsland(widget, json, schema, hashed, config);
  for (const note of read.dropped) console.warn(`[storefront] ${widget}: ${note}`);
  return read.ok ? read : { ok: false, message: `[storefront] ${widget}: invalid data-props, ${read.issue}` };
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
  return json.ok ? readLogged(widget, json.json, schema, () => null, null) : json;
}
