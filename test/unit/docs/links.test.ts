/**
 * No pointer to a section that does not exist. Every markdown link of the
 * repository's own .md files points at a file that exists and, with a
 * `#anchor`, at a heading of it (GitHub's anchors); every reference to a
 * section by name, in the docs and in code, scripts and demo-page comments
 * (README or a .md file followed by a heading in double quotes; a quoted
 * heading followed by "in [x.md](…)"; in a doc, "see" or "below" with a
 * quoted heading of that doc), names a heading of that file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const SKIP = new Set(['node_modules', '.git', '.php-deps', '.bench', 'vendor', 'storage']);
const TEXT = /\.(md|ts|tsx|mts|mjs|js|php|html|sh|css)$/;

function files(dir = ''): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name;
    if (SKIP.has(name) || /^dist/.test(name) || path === 'laravel/dist') return [];
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return TEXT.test(name) && !name.endsWith('.min.js') && name !== 'mockServiceWorker.js' ? [path] : [];
  });
}

const all = files();
const markdown = all.filter((f) => f.endsWith('.md'));

/** A markdown file's text outside fenced code blocks. */
function prose(file: string): string {
  return readFileSync(join(root, file), 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '');
}

/** Headings as written (markup and a leading number dropped) and GitHub's anchors of them. */
function headings(file: string): { titles: string[]; anchors: Set<string> } {
  const titles: string[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of prose(file).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const plain = text!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    titles.push(plain, plain.replace(/^\d+\.\s+/, ''));
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return { titles, anchors };
}

/** Whether a section name is a heading: the same words, or a heading that goes on with " (…)" or ": …". */
function hasSection(file: string, section: string): boolean {
  return headings(file).titles.some((t) => t === section || t.startsWith(`${section} (`) || t.startsWith(`${section}: `));
}

interface Ref {
  from: string;
  file: string;
  section: string;
}

/** The file a reference names, seen from the file that names it. */
function target(from: string, name: string): string {
  if (name === 'README') return 'README.md';
  const near = relative(root, resolve(root, dirname(from), name));
  if (existsSync(join(root, near))) return near;
  return existsSync(join(root, name)) ? name : existsSync(join(root, 'docs', name)) ? `docs/${name}` : name;
}

function references(file: string): Ref[] {
  // Comment markers and line breaks inside a quoted name are one space.
  const text = (file.endsWith('.md') ? prose(file) : readFileSync(join(root, file), 'utf8')).replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#|--)?\s*/g, ' ');
  const refs: Ref[] = [];
  const FILE = String.raw`(README|[\w./-]+\.md)`;
  for (const m of text.matchAll(new RegExp(String.raw`${FILE}(?:'s)?\)?,?\s+(?:section\s+)?"([^"]{2,80})"`, 'g'))) {
    refs.push({ from: file, file: target(file, m[1] === 'README' ? 'README' : m[1]!), section: m[2]! });
  }
  for (const m of text.matchAll(/"([^"]{2,80})" in \[[^\]]+\]\(([^)#]+)\)/g)) refs.push({ from: file, file: target(file, m[2]!), section: m[1]! });
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/(?:\bsee|\bSee) "([^"]{2,80})"(?! in )|"([^"]{2,80})" (?:below|above)\b/g)) {
      refs.push({ from: file, file, section: (m[1] ?? m[2])! });
    }
  }
  return refs;
}

interface Link {
  from: string;
  href: string;
}

function links(file: string): Link[] {
  return [...prose(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^(https?:|mailto:)/.test(href))
    .map((href) => ({ from: file, href }));
}

describe('links and section references', () => {
  const allLinks = markdown.flatMap(links);
  const allRefs = all.flatMap(references);

  it('finds what it checks (the docs link each other; code names doc sections)', () => {
    expect(allLinks.length).toBeGreaterThan(10);
    expect(allRefs.length).toBeGreaterThan(5);
  });

  it('every markdown link points at a file that exists, and an anchor at a heading of it', () => {
    const broken = allLinks.filter(({ from, href }) => {
      const [path, anchor] = href.split('#') as [string, string | undefined];
      const file = path ? relative(root, resolve(root, dirname(from), path)) : from;
      if (!existsSync(join(root, file))) return true;
      return anchor !== undefined && (!file.endsWith('.md') || !headings(file).anchors.has(anchor));
    });
    expect(broken.map(({ from, href }) => `${from}: (${href})`)).toEqual([]);
  });

  it('every section named in the docs, code, scripts and demo pages is a heading of the file named', () => {
    const broken = allRefs.filter(({ file, section }) => !existsSync(join(root, file)) || !file.endsWith('.md') || !hasSection(file, section));
    expect(broken.map(({ from, file, section }) => `${from}: ${file} "${section}"`)).toEqual([]);
  });
});
