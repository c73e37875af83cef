/**
 * `npm run lint`: the shipped code (widgets/, shared/) may only use the browser and
 * JavaScript APIs that every browser in package.json's `browserslist` has.
 * eslint-plugin-compat reads that list and MDN's compatibility data; esbuild
 * lowers syntax for the same list but never adds a missing API. And no
 * shipped file is over 250 lines: one that grows that long holds two things.
 */
import babelParser from '@babel/eslint-parser';
import compat from 'eslint-plugin-compat';

export default [
  {
    files: ['widgets/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    languageOptions: {
      // Babel only strips the types here: the TypeScript checker is `npm run typecheck`.
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, presets: ['@babel/preset-typescript'] },
      },
    },
    plugins: { compat },
    // ES APIs too (Object.hasOwn, structuredClone…): nothing here is polyfilled.
    settings: { lintAllEsApis: true },
    rules: { 'compat/compat': 'error', 'max-lines': ['error', { max: 250 }] },
  },
];
