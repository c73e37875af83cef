/**
 * The demo controls (docs/architecture.md, "Demo controls"), read from a page's query:
 * `?reset=1`, `?visitor=CA`, `?fail=/cart/retrieve:500,…`, `?delay=/auto-search:1500,…`,
 * `?answers=laravel` (answer as Laravel does: 302s and 422s).
 * Both mock modes apply them as a page loads: the in-page mock (browser.ts)
 * and the demo server's (server-api.ts).
 */
import { ANSWER_STYLES, type AnswerStyle, type Backend, type FailureMode } from './backend';

export function applyControls(backend: Backend, params: URLSearchParams): void {
  if (params.get('reset')) backend.reset();
  const visitor = params.get('visitor');
  if (visitor === 'CA' || visitor === 'US') backend.update((s) => (s.visitor = visitor));
  for (const rule of (params.get('fail') ?? '').split(',').filter(Boolean)) {
    const [path, mode] = rule.split(':');
    if (path && mode) backend.fail(path, mode as FailureMode);
  }
  for (const rule of (params.get('delay') ?? '').split(',').filter(Boolean)) {
    const [path, ms] = rule.split(':');
    if (path && ms) backend.delay(path, Number(ms));
  }
  const style = params.get('answers');
  if (ANSWER_STYLES.includes(style as AnswerStyle)) backend.answerAs(style as AnswerStyle);
}
