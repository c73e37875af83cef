/**
 * The hooks of one request rendered: each from the render cache or the
 * renderer, within the request's time (its deadline and the render budget),
 * as JSON bytes for the answer; what went wrong is collected for the
 * request's one log line.
 */
import { EMPTY_JSON, withJson } from './answer.mjs';
import { hookKey, requestKey, sizeOf } from './cache.mjs';
import { oneLine } from './request.mjs';

/**
 * @param {object} service
 * @param {Function} service.renderOne (widget, props, config, {deadline}) => HookResult
 * @param {import('./cache.mjs').RenderCache} service.cache
 * @param {string} service.renderVersion
 * @param {number} service.renderTimeoutMs the budget per request
 * @param {() => number} service.now
 * @param {{renders: number, empty: number, overBudget: number}} service.stats counted here
 * @returns {(hooks: unknown[], config: unknown, report: import('./log.mjs').RequestReport, answerBy: number, body: Uint8Array | string) => Buffer[]}
 */
export function hookRenderer({ renderOne, cache, renderVersion, renderTimeoutMs, now, stats }) {
  /**
   * One hook as its JSON string in a Buffer (what goes into the answer), from
   * the cache or rendered (`key`: its hookKey, undefined without a cache).
   * Cached as bytes: their size is exact, and a hit costs no JSON encoding.
   */
  function renderCached(hook, config, deadline, key) {
    const fresh = () => {
      const result = renderOne(hook.widget, hook.props, config, { deadline });
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
  function renderHooks(hooks, config, report, answerBy, body) {
    const start = now();
    const budgetEnd = start + renderTimeoutMs;
    const deadline = Math.min(budgetEnd, answerBy);
    const why = (phase) =>
      deadline === budgetEnd
        ? `render budget of ${renderTimeoutMs} ms spent${phase} (${Math.round(now() - start)} ms)`
        : `the caller's deadline came${phase} (${Math.round(now() - start)} ms rendering)`;
    // Keyed by index too: the same hook twice on one page renders twice, each copy with its own element ids.
    const key = cache.enabled ? requestKey(renderVersion, body) : undefined;
    const { warn, error } = console;
    console.warn = console.error = (...args) => report.note(oneLine(args.map(String).join(' ').replace(/^\[storefront\] (render: )?/, '')));
    try {
      return hooks.map((hook, index) => {
        if (hook === null || typeof hook !== 'object' || typeof hook.widget !== 'string' || hook.widget === '') {
          report.leftEmpty(`hook ${index}: not a {"widget", "props"} object`);
          stats.empty++;
          return EMPTY_JSON;
        }
        if (now() >= deadline) {
          report.leftEmpty(`hook ${index} (${hook.widget}): ${why('')}`);
          stats.empty++;
          return EMPTY_JSON;
        }
        let result;
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
