/** Used by the first-tap bench (the browser tests wait for settled(), test/browser/settle.ts): when a page's own idle work (its prefetch included) is over. */

/** Resolves once no request has been open for `quietMs` (or after `maxMs`). */
export function networkQuiet(page, quietMs, maxMs) {
  let open = 0;
  let last = Date.now();
  const up = () => ((open += 1), (last = Date.now()));
  const down = () => ((open = Math.max(0, open - 1)), (last = Date.now()));
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if ((open === 0 && Date.now() - last >= quietMs) || Date.now() - started > maxMs) {
        clearInterval(timer);
        page.off('request', up);
        page.off('requestfinished', down);
        page.off('requestfailed', down);
        resolve();
      }
    }, 50);
  });
}
