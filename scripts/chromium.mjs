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

/**
 * The binary and how to start it headless: the Debian build's own headless
 * mode, or the old headless shell that @sparticuz/chromium is built for.
 * Lighthouse takes the same (npm run bench: CHROME_PATH, --chrome-flags).
 */
export async function chromiumExecutable() {
  // STOREFRONT_CHROMIUM=npm: the npm binary even where Debian's is installed (to run the suite both ways).
  if (process.env.STOREFRONT_CHROMIUM !== 'npm' && existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, headless: '--headless' };
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return { executablePath: await sparticuz.executablePath(), headless: '--headless=shell' };
}

export async function launchChromium() {
  const { executablePath, headless } = await chromiumExecutable();
  // Playwright adds its own --headless; the shell build needs it spelled out.
  const args = headless === '--headless=shell' ? [...CHROMIUM_ARGS, headless] : CHROMIUM_ARGS;
  return chromium.launch({ executablePath, args, headless: true });
}
