/**
 * docs/measurements.md, the one place the docs' figures come from: the
 * size report (scripts/size.mjs --report) and each part of the bench
 * (bench/bench.mjs) write their section of it, and the docs link to it
 * instead of quoting numbers that go stale. A section is replaced whole by
 * the run that measured it, with the command, the date, the commit and
 * the machine's load, so a reader knows what a table says and how old it is.
 *
 *   writeSection('size', 'Sizes', 'node scripts/size.mjs --both --report', markdown)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPORT = join(root, 'docs/measurements.md');

export const HEAD = `# Measurements

Written by the tools, not by hand: each section below is replaced whole by
the command named in it, run on the machine it names (a shared 2-core
machine is noisy: compare figures of one run, not across sections). The
other docs link here instead of quoting figures. To refresh:

- sizes: \`node scripts/size.mjs --both --page --report\` (\`--page\` measures
  the demo category page in Chromium);
- the bench: \`npm run bench\` (every part, long) or
  \`npm run bench -- --only <part>\`; \`--no-report\` leaves this file alone.
`;

const begin = (id) => `<!-- measured: ${id} -->`;
const end = (id) => `<!-- /measured: ${id} -->`;

/** The commit measured, with "+ changes" when the work tree differs from it. */
function commit() {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${hash} + uncommitted changes` : hash;
  } catch {
    return 'unknown commit';
  }
}

/** Where and when: the line under a section's heading. */
export function provenance(command) {
  const load = loadavg().map((n) => n.toFixed(1)).join(' / ');
  return `\`${command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, at ${commit()}; ${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${load} (1 / 5 / 15 min).`;
}

/** A section as it stands before the writer first ran it: says so, with the command that fills it. */
export function notYet(id, title, command) {
  return `${begin(id)}\n## ${title}\n\nNot yet measured by the writer: run \`${command}\`.\n${end(id)}`;
}

/** Replaces (or appends) section `id` of docs/measurements.md. `body` is Markdown. */
export function writeSection(id, title, command, body) {
  const section = `${begin(id)}\n## ${title}\n\n${provenance(command)}\n\n${body.trim()}\n${end(id)}`;
  const text = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEAD;
  const at = text.indexOf(begin(id));
  const next = at < 0 ? `${text.trimEnd()}\n\n${section}\n` : text.slice(0, at) + section + text.slice(text.indexOf(end(id), at) + end(id).length);
  writeFileSync(REPORT, next);
  console.log(`(written to docs/measurements.md: ${title})`);
}
