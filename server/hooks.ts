/**
 * The hooks of one request rendered: each from the render cache or the
 * renderer, within the request's time (its deadline and the render budget),
 * as JSON bytes for the answer; what went wrong is collected for the
 * request's one log line.
 */
import { EMPTY_JSON, withJson } from './answer';
import { hookKey, requestKey, sizeOf, type RenderCache } from './cache';
import type { RequestReport } from './log';
import type { HookResult } from './options';
import { oneLine } from './request';

/** Renders one hook: the renderer's `renderHook`, or `render` wrapped (render-service.ts). */
export type RenderOne = (widget: string, props: unknown, config: unknown, limits: { deadline: number }) => HookResult;

/** What the cache keeps of a hook: its JSON bytes, and the dropped-field notes for the log line. */
export interface CachedHook {
  json: Buffer;
  dropped: string[];
}

/** A hook rendered or taken from the cache: its JSON bytes and what the log line says of it. */
interface Rendered {
  json: Buffer;
  dropped?: string[] | undefined;
  error?: string | undefined;
  overBudget?: boolean | undefined;
}

interface Hook {
  widget: string;
  props?: unknown;
}

export interface HookRendererOptions {
  renderOne: RenderOne;
  cache: RenderCache<CachedHook>;
  renderVersion: string;
  /** the budget per request */
  renderTimeoutMs: number;
  now: () => number;
  /** counted here */
  stats: { renders: number; empty: number; overBudget: number };
}

export function hookRenderer({
  renderOne,
  cache,
  renderVersion,
  renderTimeoutMs,
  now,
  stats,
}: HookRendererOptions): (hooks: unknown[], config: unknown, report: RequestReport, answerBy: number, body: Uint8Array | string) => Buffer[] {
  /**
   * One hook as its JSON string in a Buffer (what goes into the answer), from
   * the cache or rendered (`key`: its hookKey, undefined without a cache).
   * Cached as bytes: their size is exact, and a hit costs no JSON encoding.
   */
  function renderCached(hook: Hook, config: unknown, deadline: number, key: string | undefined): Rendered {
    const fresh = (): HookResult => {
      const result: HookResult | undefined = renderOne(hook.widget, hook.props, config, { deadline });
      if (typeof result?.html !== 'string') return { html: '', dropped: [], error: `render returned ${typeof result?.html}, not a string` };
      return result;
    };
    if (key === undefined) return withJson(fresh());
    const cached = cache.get(key);
    if (cached) return cached;
    const result = withJson(fresh());
    // Only the bytes are kept (not the HTML string as well), with the notes for the log line.
    if (result.json !== EMPTY_JSON && !result.error) cache.set(key, { json: result.json, dropped: result.dropped }, sizeOf(key, result));
    return result;
  }

  /**
   * One string per hook. Renders are synchronous: the request's time (its
   * deadline, and the budget per request) is checked before each hook and,
   * by the renderer, inside a long one. What the renderer says (dropped
   * fields, a bad config key) is collected for the request's one log line,
   * not written once per field.
   */
  function renderHooks(hooks: unknown[], config: unknown, report: RequestReport, answerBy: number, body: Uint8Array | string): Buffer[] {
    const start = now();
    const budgetEnd = start + renderTimeoutMs;
    const deadline = Math.min(budgetEnd, answerBy);
    const why = (phase: string) =>
      deadline === budgetEnd
        ? `render budget of ${renderTimeoutMs} ms spent${phase} (${Math.round(now() - start)} ms)`
        : `the caller's deadline came${phase} (${Math.round(now() - start)} ms rendering)`;
    // Keyed by index too: the same hook twice on one page renders twice, each copy with its own element ids.
    const key = cache.enabled ? requestKey(renderVersion, body) : undefined;
    const { warn, error } = console;
    console.warn = console.error = (...args: unknown[]) => report.note(oneLine(args.map(String).join(' ').replace(/^\[storefront\] (render: )?/, '')));
    try {
      return hooks.map((hook, index) => {
        if (!isHook(hook)) {
          report.leftEmpty(`hook ${index}: not a {"widget", "props"} object`);
          stats.empty++;
          return EMPTY_JSON;
        }
        if (now() >= deadline) {
          report.leftEmpty(`hook ${index} (${hook.widget}): ${why('')}`);
          stats.empty++;
          return EMPTY_JSON;
        }
        let result: Rendered;
        try {
          result = renderCached(hook, config, deadline, key && hookKey(key, index));
        } catch (thrown) {
          result = withJson({ html: '', dropped: [], error: `render threw ${oneLine(thrown)}` });
        }
        if (result.dropped?.length) report.drop(hook.widget, result.dropped);
        if (result.json === EMPTY_JSON) {
          if (result.overBudget) stats.overBudget++;
          report.leftEmpty(`hook ${index} (${hook.widget}): ${result.overBudget ? why(' while rendering') : (result.error ?? 'the renderer gave no HTML')}`);
          stats.empty++;
        } else stats.renders++;
        return result.json;
      });
    } finally {
      console.warn = warn;
      console.error = error;
    }
  }


  return renderHooks;
}

/** Whether a hook of the request is a {"widget", "props"} object with a widget name. */
const isHook = (hook: unknown): hook is Hook =>
  hook !== null && typeof hook === 'object' && typeof (hook as { widget?: unknown }).widget === 'string' && (hook as { widget: string }).widget !== '';
