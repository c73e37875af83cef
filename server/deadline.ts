/**
 * Deadlines: PHP waits so long for its answer and no longer (it sends how
 * long as `X-Storefront-Timeout: <ms>`), so a render that cannot finish
 * before then is never started: its request is answered at once with empty
 * hooks (the page renders them in the browser). Renders wait in a queue,
 * first come first served; a request whose render, behind those queued,
 * would end after its deadline is answered empty as it arrives, and one
 * whose deadline has come too close while it waited, or whose client left,
 * is dropped before its render starts. What a render takes is expected from
 * the recent ones (RenderTimes). Clock and expectation are inputs, so the
 * rules are tested without timing: what a render is expected to take is
 * render-times.ts, the queue render-queue.ts, the hook count of a body read
 * unparsed count-hooks.ts.
 */

export const TIMEOUT_HEADER = 'x-storefront-timeout';
/** What the Laravel package waits unless configured (`storefront.ssr.timeout`, laravel/config/storefront.php). */
export const DEFAULT_TIMEOUT_MS = 200;
const MAX_TIMEOUT_MS = 60_000;

/** A header's value as a whole number (the first when it came twice); undefined when it is not one. */
function wholeNumberOf(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** The caller's timeout in ms from the header's value: a whole number 1–60000; anything else (or none): the default. */
export function timeoutOf(value: string | string[] | undefined, fallback: number = DEFAULT_TIMEOUT_MS): number {
  const ms = wholeNumberOf(value);
  return ms !== undefined && ms >= 1 && ms <= MAX_TIMEOUT_MS ? ms : fallback;
}

export const HOOKS_HEADER = 'x-storefront-hooks';

/**
 * How many hooks the caller says its body holds (`X-Storefront-Hooks`, the
 * PHP clients send it), so a request refused under load is answered without
 * reading its body: a whole number 0–`max`; anything else (or none):
 * undefined, and the hooks are counted from the body.
 */
export function hookCountOf(value: string | string[] | undefined, max: number): number | undefined {
  const count = wholeNumberOf(value);
  return count !== undefined && count <= max ? count : undefined;
}

/**
 * The time kept back from the caller's timeout for the answer to be written,
 * travel and be read, and for a pause of either process (a request that
 * waited unseen behind a render, a garbage collection, a machine that took
 * the core): a fifth of it, at least 2 ms. Under 4× overload on a shared
 * machine, a tenth let answers come up to 8 ms late, written 173–180 ms after
 * they came (of 200) and read 25–30 ms later, or written late by a pause of
 * the worker. Under overload this shortens the queue, not the renders a second.
 */
export const marginOf = (timeoutMs: number): number => Math.max(2, timeoutMs / 5);

/** By when the answer must be written: the request's arrival plus the caller's timeout, less the margin. */
export const deadlineOf = (arrival: number, timeoutMs: number): number => arrival + timeoutMs - marginOf(timeoutMs);
