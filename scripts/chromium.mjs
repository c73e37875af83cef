/**
 * Launches headless Chromium for the browser tests and `npm run bench`:
 * the Debian `chromium` package when installed, otherwise the binary shipped
 * in the `@sparticuz/chromium` npm package. No manual browser install.
 *
 *   import { launchChromium } from './scripts/chromium.mjs';
 *   const browser = await launchChromium();
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--font-render-hinting=none',
];

export async function launchChromium() {
  if (existsSync(DEBIAN_CHROMIUM)) {
    return chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  const executablePath = await sparticuz.executablePath();
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--headless=shell'], headless: true });
}
