import { existsSync } from 'node:fs';

/** Browser tests run against the built bundle and demo: `npm test` builds first. */
export default function setup() {
  for (const file of ['dist/manifest.json', 'dist/server/render.js', 'dist-server/ssr-server.mjs', 'dist-demo/render.mjs', 'dist-demo/mock.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "node build.mjs" before the browser tests (npm test does).`);
  }
}
