#!/usr/bin/env node
/**
 * The render service (server/, TypeScript) bundled into one ES module with
 * no npm dependency, for Node 20 (which runs no TypeScript): what `npm run
 * ssr` runs, and what the Laravel package ships (build-laravel.mjs).
 *
 *   node build/build-service.mjs     writes dist-server/ssr-server.mjs (npm run ssr does this first)
 *
 * The service finds its renderer at ../dist/server/render.js from its own
 * folder: dist-server/ssr-server.mjs takes the repository's
 * dist/server/render.js, laravel/dist/ssr-server.mjs the package's
 * laravel/dist/server/render.js.
 */
import * as esbuild from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVICE_ENTRY = 'server/ssr-server.ts';
/** Where `npm run build` and `npm run ssr` write the service, from the repository's root. */
export const SERVICE_OUT = 'dist-server/ssr-server.mjs';

/** Bundles the service from `root` into `outfile`; resolves with `outfile`. */
export async function buildService(root, outfile = join(root, SERVICE_OUT)) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SERVICE_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // esbuild has printed what failed.
  await buildService(join(dirname(fileURLToPath(import.meta.url)), '..')).catch(() => process.exit(1));
}
