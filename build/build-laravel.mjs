/**
 * laravel/dist/: what the Laravel package ships, written by `npm run build`
 * (build.mjs) after the Preact build and the server renderer, so the package
 * folder alone is a release (an app needs Node only to run the service):
 *
 *   laravel/dist/public/          the browser bundle (dist/ without server/): what storefront:publish copies
 *   laravel/dist/server/render.js the server renderer
 *   laravel/dist/ssr-server.mjs   the render service, one file with no npm dependency (storefront:ssr runs it)
 *
 * The service finds its renderer at ../dist/server/render.js from its own
 * folder, as in the repository (dist-server/ssr-server.mjs, build-service.mjs):
 * laravel/dist/ssr-server.mjs sits one folder below laravel/, so that is
 * laravel/dist/server/render.js.
 */
import { cpSync, rmSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { buildService } from './build-service.mjs';

export async function buildLaravel(root) {
  const out = join(root, 'laravel/dist');
  const temp = `${out}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  cpSync(join(root, 'dist'), join(temp, 'public'), { recursive: true, filter: (src) => src !== join(root, 'dist/server') });
  cpSync(join(root, 'dist/server'), join(temp, 'server'), { recursive: true });
  await buildService(root, join(temp, 'ssr-server.mjs'));
  rmSync(out, { recursive: true, force: true });
  renameSync(temp, out);
  return out;
}
