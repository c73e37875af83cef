/**
 * A Playwright context for measuring the demo pages: nothing leaves this
 * machine. Used by scripts/measure-js.mjs (npm run size --page) and by the
 * bench (bench/common.mjs).
 */

/** Whether a request stays on this machine (the demo server, data: and blob: URLs). */
export const isLocal = (url) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost';
};

/**
 * A fresh context (cold cache, fresh storage) whose requests stay on this
 * machine; its page, and the page errors it reports. `device`: the viewport
 * and any other context option (isMobile, hasTouch).
 */
export async function openLocal(browser, device) {
  const context = await browser.newContext({ ...device, serviceWorkers: 'allow' });
  await context.route('**/*', (route) => (isLocal(route.request().url()) ? route.continue() : route.abort()));
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}
