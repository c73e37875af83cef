// @vitest-environment node
/**
 * The compile hint on top of each prefetched file (build/compile-hint.mjs):
 * the file gains one line, and its source map still points each position of
 * the code at the source it came from, so a stack trace or DevTools shows the
 * right line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT } from '../../../build/compile-hint.mjs';

const SOURCE = ['export function greet(name) {', '  const shout = name.toUpperCase();', "  return 'hello ' + shout;", '}', ''].join('\n');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `source` built as the build builds a chunk (minified, an external map), into a scratch folder. */
async function chunk(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'sfw-hint-'));
  const out = await esbuild.transform(SOURCE, { minify: true, sourcemap: 'external', sourcefile: 'greet.js', format: 'esm' });
  writeFileSync(join(dir, 'greet.js'), out.code);
  writeFileSync(join(dir, 'greet.js.map'), out.map);
  return join(dir, 'greet.js');
}

/** The source line (0-based) the map gives for where `needle` stands in the code. */
function sourceLineOf(code: string, map: string, needle: string): number | undefined {
  const at = code.indexOf(needle);
  const before = code.slice(0, at).split('\n');
  const entry = new SourceMap(JSON.parse(map)).findEntry(before.length - 1, before.at(-1)!.length) as { originalLine?: number };
  return entry.originalLine;
}

describe('the compile hint on a prefetched file', () => {
  it('is the file’s first line, once, with the source map moved down with the code', async () => {
    const file = await chunk();
    expect(sourceLineOf(readFileSync(file, 'utf8'), readFileSync(`${file}.map`, 'utf8'), 'hello')).toBe(2);
    addCompileHint(dir, ['greet.js']);
    addCompileHint(dir, ['greet.js']);
    const code = readFileSync(file, 'utf8');
    expect(code.startsWith(COMPILE_HINT)).toBe(true);
    expect(code.split(COMPILE_HINT.trim())).toHaveLength(2);
    expect(sourceLineOf(code, readFileSync(`${file}.map`, 'utf8'), 'hello')).toBe(2);
    expect(sourceLineOf(code, readFileSync(`${file}.map`, 'utf8'), 'toUpperCase')).toBe(1);
  });

  it('is V8’s magic comment, which must stand alone on its line', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
