/**
 * `npm run lint`: the shipped code (widgets/, shared/) may only use the browser and
 * JavaScript APIs that every browser in package.json's `browserslist` has.
 * eslint-plugin-compat reads that list and MDN's compatibility data; esbuild
 * lowers syntax for the same list but never adds a missing API. The render
 * service (server/) runs in Node, not in those browsers: the browser rule is
 * not for it. And no file of either is over 250 lines: one that grows that
 * long holds two things.
 */
import babelParser from '@babel/eslint-parser';
import compat from 'eslint-plugin-compat';

// Babel only strips the types here: the TypeScript checker is `npm run typecheck`.
const typescript = {
  parser: babelParser,
  parserOptions: {
    requireConfigFile: false,
    babelOptions: { babelrc: false, configFile: false, presets: ['@babel/preset-typescript'] },
  },
};

export default [
  {
    files: ['widgets/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    languageOptions: typescript,
    plugins: { compat },
    // ES APIs too (Object.hasOwn, structuredClone…): nothing here is polyfilled.
    settings: { lintAllEsApis: true },
    rules: { 'compat/compat': 'error', 'max-lines': ['error', { max: 250 }] },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: typescript,
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
];
