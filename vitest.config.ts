import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { viteIslands } from './build/islands.mjs';

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

// The modules the build makes from the island folders (sfw:islands, sfw:examples), for every project.
const islands = viteIslands(import.meta.dirname);

// Unit tests run against preact/compat, the runtime that ships.
const preactAlias = {
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
};

// One file at a time: the browser tests share the machine's two cores with the browsers they drive.
const browser = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  fileParallelism: false,
  globalSetup: ['test/browser/global-setup.ts'],
} satisfies ProjectTest;

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        plugins: [islands],
        resolve: { alias: preactAlias },
        esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://shop.test/' } },
          setupFiles: ['test/unit/setup.ts'],
          restoreMocks: true,
          // Bundle these through Vite so their `react` import gets the preact/compat alias.
          server: { deps: { inline: ['@nanostores/react'] } },
        },
      },
      {
        plugins: [islands],
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], ...browser },
      },
      {
        // The browser tests prefer Debian's chromium where it is installed; the Chromium shipped in
        // npm (a fresh machine's) runs the Chromium shopper journeys too, so neither path rots unseen.
        plugins: [islands],
        test: { name: 'npm-chromium', include: ['test/browser/engines/chromium.test.ts'], env: { STOREFRONT_CHROMIUM: 'npm' }, ...browser },
      },
      {
        // A real screen reader (Orca) on a desktop of its own (test/screen-reader/session.ts), in a
        // sequence group of its own so no other file runs beside it: what it says depends on timing.
        plugins: [islands],
        test: { name: 'reader', include: ['test/screen-reader/**/*.test.ts'], ...browser, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
