/**
 * The build target, from the browser support list in package.json
 * (`browserslist`, explained in docs/architecture.md "Browser support"). The list states
 * minimum versions (`<Browser> >= <version>`), so the build needs no browser
 * data: esbuild lowers whatever syntax (JS and CSS) the oldest one lacks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENGINES = { chrome: 'chrome', edge: 'edge', firefox: 'firefox', safari: 'safari', ios: 'ios', ios_saf: 'ios' };

/** ['Safari >= 15', 'Chrome >= 146'] → ['safari15', 'chrome146'] (esbuild's target names). */
export function esbuildTarget(list) {
  if (!Array.isArray(list) || list.length === 0) throw new Error('package.json "browserslist" must list the supported browsers');
  return list.map((entry) => {
    const m = /^\s*([a-z_]+)\s*>=\s*(\d+(?:\.\d+)?)\s*$/i.exec(String(entry));
    const engine = m && ENGINES[m[1].toLowerCase()];
    if (!engine) throw new Error(`Browser support entry "${entry}": write it as "<Chrome|Edge|Firefox|Safari|iOS> >= <version>"`);
    return `${engine}${m[2]}`;
  });
}

/** The target for the project in `root`. */
export function supportedTarget(root) {
  return esbuildTarget(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).browserslist);
}
