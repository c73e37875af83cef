import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (harness.ts launchChromium connects to it), '' where there is none. */
    chromium: string;
  }
}

/**
 * Browser tests run against the built bundle and demo: `npm test` builds first.
 * One Chromium serves every file of the browser project (each file connects, its
 * contexts closed when it disconnects): a launch and a close per file cost 2–3 s
 * on a 2-core machine, about a minute over the suite.
 */
export default async function setup(project: TestProject) {
  for (const file of ['dist/manifest.json', 'dist/server/render.js', 'dist-server/ssr-server.mjs', 'dist-demo/render.mjs', 'dist-demo/mock.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "node build.mjs" before the browser tests (npm test does).`);
  }
  if (project.name !== 'browser') return project.provide('chromium', '');
  const { executablePath, headless } = await chromiumExecutable();
  // Playwright adds its own --headless; the shell build needs it spelled out (as scripts/chromium.mjs launches it).
  const args = headless === '--headless=shell' ? [...CHROMIUM_ARGS, headless] : CHROMIUM_ARGS;
  const server = await chromium.launchServer({ executablePath, args, headless: true });
  project.provide('chromium', server.wsEndpoint());
  return () => server.close();
}
