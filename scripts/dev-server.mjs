#!/usr/bin/env node
/**
 * npm start: builds (build.mjs), rebuilds dist/ on every change and serves
 * the demo shop (demo-pages/server.mjs). The demo server answers the API
 * (the mock backend's handlers, in Node), as Laravel would.
 *
 *   node scripts/dev-server.mjs               port 5173 (or PORT; 0 picks a free one)
 *     --port 8080                             another port
 *     --page-mock                             answer the API in the page instead (MSW
 *                                             service worker), as on a static host
 */
import { build, watch } from '../build.mjs';
import { PRODUCT_PAGE, startDemoServer } from '../demo-pages/server.mjs';

const argv = process.argv.slice(2);
const portArg = argv.indexOf('--port');
const port = Number(portArg >= 0 ? argv[portArg + 1] : (process.env.PORT ?? 5173));
if (!Number.isInteger(port) || port < 0) throw new Error(`bad port: ${portArg >= 0 ? argv[portArg + 1] : process.env.PORT}`);
const mock = argv.includes('--page-mock') ? 'page' : 'server';

// A clean first build (with the server renderer and the demo), then the watch over dist/.
const [preact] = await build(['preact']).catch(() => process.exit(1));
await watch(preact.preload);
const { url } = await startDemoServer({ port, mock }).catch((error) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`Port ${port} is in use: stop what runs there, or pick another port (npm start -- --port 8080).`);
  process.exit(1);
});
const api = mock === 'server' ? 'the demo server answers the API' : 'the API is answered in the page (MSW service worker)';
console.log(`\nDemo shop: ${url}  (product page: ${url}${PRODUCT_PAGE.slice(1)}; field report: ${url}field-report)\n${api}. Watching for changes. Ctrl+C to stop.`);
