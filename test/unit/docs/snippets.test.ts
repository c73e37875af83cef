/**
 * Every Blade and PHP line the docs give a Laravel developer to copy is a line
 * of a file the tests run: each ```blade / ```php block names its file in its
 * first line (a path in the test app, laravel/tests/app/, or in the
 * repository), and its lines appear in that file, in the same order.
 * docs/embedding.md's PHP blocks are files themselves: embedding.test.ts and
 * test/browser/plain-php.test.ts build a site from them and run it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'embedding.md').map((f) => `docs/${f}`)];

interface Block {
  doc: string;
  line: number;
  lines: string[];
}

function blocks(doc: string): Block[] {
  const found: Block[] = [];
  const lines = readFileSync(join(root, doc), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```(blade|php)\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    const body: string[] = [];
    for (i = start; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    found.push({ doc, line: start, lines: body });
  }
  return found;
}

const all = docs.flatMap(blocks);

/** The file a block's first line names: `// path` or `{{-- path --}}`. */
function sourceOf(block: Block): string | undefined {
  const m = /^\s*(?:\/\/|\{\{--)\s*([\w./-]+\.php)\s*(?:--\}\})?\s*$/.exec(block.lines[0] ?? '');
  if (!m) return undefined;
  return [join(root, 'laravel/tests/app', m[1]!), join(root, m[1]!)].find(existsSync);
}

describe('the Blade and PHP in the docs', () => {
  it('the docs have such blocks (the layout, the page config, a hook)', () => {
    expect(all.length).toBeGreaterThanOrEqual(4);
  });

  it.each(all.map((b) => [`${b.doc}:${b.line}`, b] as const))('%s is in the file it names, line by line', (_, block) => {
    const source = sourceOf(block);
    expect(source, `first line must name an existing file: ${block.lines[0]}`).toBeDefined();
    const fileLines = readFileSync(source!, 'utf8').split('\n').map((l) => l.trim());
    let at = 0;
    for (const line of block.lines.slice(1).map((l) => l.trim()).filter(Boolean)) {
      const found = fileLines.indexOf(line, at);
      expect(found, `"${line}" is not in ${source} (after line ${at})`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
