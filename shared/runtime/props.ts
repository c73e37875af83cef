/**
 * Reads an island's `data-props`: JSON, validated by the island's schema.
 * Unknown keys are dropped by the schema, so nothing unexpected ever reaches
 * a component (and props are never spread onto DOM elements).
 *
 * Parsed leniently (api/lenient.ts): a bad optional prop, or a bad item of a list,
 * is dropped with one console.warn naming the widget and the field, and the
 * island renders without it. Only a prop it cannot work without fails it.
 */
import type * as v from 'valibot';
import { describeIssue, parseLenient } from '../api/lenient';

export type PropsResult<T> = { ok: true; props: T } | { ok: false; message: string };

export function parseProps<P>(
  widget: string,
  host: HTMLElement,
  schema: v.GenericSchema<unknown, P>,
): PropsResult<P> {
  const raw = host.getAttribute('data-props');
  let json: unknown = {};
  if (raw !== null && raw.trim() !== '') {
    try {
      json = JSON.parse(raw);
    } catch (error) {
      return fail(widget, `data-props is not valid JSON (${(error as Error).message}). Got: ${raw.slice(0, 200)}`);
    }
  }
  const result = parseLenient(schema, json);
  for (const note of result.dropped) console.warn(`[storefront] ${widget}: ${note}`);
  if (!result.success) return fail(widget, `invalid data-props, ${describeIssue(result.issue)}`);
  return { ok: true, props: result.output };
}

function fail(widget: string, detail: string): { ok: false; message: string } {
  return { ok: false, message: `[storefront] ${widget}: ${detail}` };
}
