// @vitest-environment node
/**
 * The top folders import one another one way only (docs/architecture.md,
 * the layout): the render service (server/) imports nothing outside it, the
 * build (build.mjs and build/) nothing but its helpers, and npm test's size
 * check (scripts/size.mjs) no bench code, however deep. Relative imports
 * only: packages are not folders of ours. What runs as a process or is
 * bundled from a path (the bench spawning scripts/size.mjs, the build
 * bundling server/) is not an import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const SKIP = new Set(['node_modules', '.git', '.php-deps', '.bench', 'vendor', 'storage']);
const CODE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function files(dir = ''): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name;
    if (SKIP.has(name) || /^dist/.test(name) || path === 'laravel/dist') return [];
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return CODE.test(name) && !name.endsWith('.min.js') && name !== 'mockServiceWorker.js' ? [path] : [];
  });
}

/** The file an import names, as the bundler and Node find it; undefined when none (a generated file). */
function resolve(from: string, specifier: string): string | undefined {
  const path = normalize(join(dirname(from), specifier));
  return [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile());
}

/** A file's part of the repository: its top folder; build.mjs is the build's, with build/. */
const partOf = (file: string) => (file === 'build.mjs' ? 'build' : file.includes('/') ? file.split('/')[0]! : '(root)');

const all = files();
const imports = new Map(
  all.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const named = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1]!)).filter((p): p is string => p !== undefined && !p.startsWith('node_modules/'));
    return [file, named];
  }),
);

/** "from → to" for each pair of parts with an import between them. */
const arrows = new Set([...imports].flatMap(([file, named]) => named.filter((to) => partOf(to) !== partOf(file)).map((to) => `${partOf(file)} → ${partOf(to)}`)));

function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of imports.get(file) ?? []) visit(next);
  };
  visit(start);
  return seen;
}

describe('imports between the top folders', () => {
  it('run one way: no two folders import each other', () => {
    const both = [...arrows].filter((arrow) => arrows.has(arrow.split(' → ').reverse().join(' → ')));
    expect(both).toEqual([]);
  });

  it('the render service and the build import nothing outside themselves; nothing but the tests imports the service', () => {
    expect([...arrows].filter((arrow) => /^(server|build) → /.test(arrow))).toEqual([]);
    expect([...arrows].filter((arrow) => / → server$/.test(arrow))).toEqual(['test → server']);
  });

  it("npm test's size check imports no bench code", () => {
    const reached = [...reachable('scripts/size.mjs')];
    expect(reached).toContain('build/vite-manifest.mjs');
    expect(reached.filter((file) => file.startsWith('bench/'))).toEqual([]);
  });

  it('sees the imports it checks', () => {
    expect(arrows).toContain('bench → scripts');
    expect(arrows).toContain('scripts → build');
    expect(arrows).toContain('test → server');
  });
});
