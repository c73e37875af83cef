/**
 * docs/laravel.md "Hooks and props" held to the island folders: each section
 * names an island there is, documents every prop of that island's example
 * (widgets/<name>/example.ts), and names no prop its schema does not read.
 * An island without a section is allowed: its folder documents it (the
 * island.tsx header), and adding one edits no doc.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from 'sfw:examples';
import { ISLANDS } from '../../../widgets/registry';

const doc = readFileSync('docs/laravel.md', 'utf8');
const hooks = doc.slice(doc.indexOf('\n## Hooks and props'), doc.indexOf('\n## ', doc.indexOf('\n## Hooks and props') + 1));

/** Each ### section: the islands its heading names, whether it says "no props", and the props it names. */
const sections = hooks
  .split(/^### /m)
  .slice(1)
  .map((text) => {
    const heading = text.split('\n')[0]!;
    const named = [...heading.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!);
    const props = new Set([
      ...named,
      // A table's first column, and the keys of a sample hook's data-props.
      ...[...text.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!),
      ...[...text.matchAll(/data-props='([^']*)'/g)].flatMap((m) => [...m[1]!.matchAll(/"(\w+)":/g)].map((k) => k[1]!)),
    ]);
    const table = [...text.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!);
    return { heading, islands: named.filter((name) => Object.hasOwn(ISLANDS, name)), noProps: /no props/.test(heading), props, table };
  });

describe('docs/laravel.md "Hooks and props" and the island folders', () => {
  it('has sections, each naming an island there is first', () => {
    expect(sections.length).toBeGreaterThan(5);
    for (const section of sections) expect(Object.keys(ISLANDS), section.heading).toContain(/`([\w-]+)`/.exec(section.heading)![1]);
  });

  const documented = Object.keys(EXAMPLES).filter((name) => sections.some((s) => s.islands.includes(name)));
  it.each(documented)('%s: the section documents every prop of its example', (name) => {
    const example = EXAMPLES[name] as Record<string, unknown>;
    for (const section of sections.filter((s) => s.islands.includes(name))) {
      if (section.noProps) expect(example, section.heading).toEqual({});
      else expect(Object.keys(example).filter((prop) => !section.props.has(prop)), section.heading).toEqual([]);
    }
  });

  it.each(documented)('%s: its table names only props its schema reads', async (name) => {
    const schema = (await ISLANDS[name]!.load()).default.ssr?.schema as { entries?: Record<string, unknown> } | undefined;
    for (const section of sections.filter((s) => s.islands.includes(name) && s.islands.length === 1)) {
      if (schema?.entries) expect(section.table.filter((prop) => !(prop in schema.entries!)), section.heading).toEqual([]);
      if (section.noProps && schema?.entries) expect(Object.keys(schema.entries), section.heading).toEqual([]);
    }
  });
});
