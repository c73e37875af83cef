/**
 * The map keeps every pointer true: a file or folder named in backticks in
 * docs/architecture.md or docs/development.md exists, and a pointer written
 * `file:name` names something that file holds. A placeholder (`widgets/<name>/`)
 * and a build's output (`dist/…`, written by `npm run build`) are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const DOCS = ['docs/architecture.md', 'docs/development.md'];
/** A path: folders and a file name, or a file name with an extension; then maybe `:name`. */
const POINTER = /^(?<path>[\w.][\w.@-]*(?:\/[\w.@-]+)*\/?)(?::(?<name>[\w$]+))?$/;
const BUILT = /^(dist[\w-]*|laravel\/dist|\.php-deps)\//;

function basenames(dir = '', out = new Set<string>()): Set<string> {
  for (const name of readdirSync(join(root, dir))) {
    if (['node_modules', '.git', '.php-deps', 'vendor'].includes(name) || name.startsWith('dist')) continue;
    const path = dir ? `${dir}/${name}` : name;
    out.add(name);
    if (statSync(join(root, path)).isDirectory()) basenames(path, out);
  }
  return out;
}
const everyName = basenames();

/** The backticked spans of a doc's prose that point at a file or folder. */
function pointers(doc: string): { path: string; name?: string }[] {
  const prose = readFileSync(join(root, doc), 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((m) => POINTER.exec(m[1]!)?.groups)
    .flatMap((g) => (g?.path ? [{ path: g.path, name: g.name }] : []))
    .filter(({ path }) => (path.includes('/') || /\.(m?[jt]sx?|php|json|css|md|html|sh)$/.test(path)) && !BUILT.test(path));
}

/** Where a pointer's file is: from the root, from docs/, or (a bare file name) anywhere in the repository. */
function found(path: string): string | undefined {
  for (const at of [join(root, path), join(root, 'docs', path)]) if (existsSync(at)) return at;
  return !path.includes('/') && everyName.has(path) ? path : undefined;
}

describe('the pointers of the map', () => {
  for (const doc of DOCS) {
    const list = pointers(doc);

    it(`${doc} names files (the check sees them)`, () => {
      expect(list.length).toBeGreaterThan(20);
    });

    it(`every file, folder and \`file:name\` named in ${doc} exists`, () => {
      const broken = list.filter(({ path, name }) => {
        const at = found(path);
        if (!at) return true;
        if (!name) return false;
        if (!at.startsWith('/') || statSync(at).isDirectory()) return true;
        return !new RegExp(String.raw`(?<![\w$])${name.replace(/\$/g, '\\$')}(?![\w$])`).test(readFileSync(at, 'utf8'));
      });
      expect(broken.map(({ path, name }) => (name ? `${path}:${name}` : path))).toEqual([]);
    });
  }
});
