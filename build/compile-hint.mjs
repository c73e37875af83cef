/**
 * V8's explicit compile hint, on top of each file the preload map names
 * (build.mjs preloadFiles; shared/runtime/prefetch.ts fetches them at idle):
 * Chromium (136 and later) then compiles all of the file's functions while
 * it loads the file, on the thread that streams it, instead of one at a time
 * on the main thread when the first tap runs them. Other engines read a comment.
 *
 * Measured at 4× CPU on the sleeping demo page (npm run bench -- --only
 * first-tap, builds with and without the hint taken in turns): lazy compiling
 * was 22–48 ms of each 70–100 ms hydration slice after a tap; with the hint
 * the longest task after the cart icon's tap went from 89–141 ms to 69–89,
 * and the added dialog showed 1,081 ms after the tap against 1,218 (medians of 6).
 * The longest tasks left are style and layout (CHANGELOG.md).
 *
 * The entry, which runs at load, has none: there the hint would compile
 * functions the page may never call during its load. Each hint costs about
 * 20 bytes gzip (0.6 KB over the demo category page's 33 files).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Puts the hint on top of each of `files` (paths relative to `outdir`), and moves its source map down the one line. */
export function addCompileHint(outdir, files) {
  for (const file of files) {
    const path = join(outdir, file);
    const code = readFileSync(path, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(path, COMPILE_HINT + code);
    const mapPath = `${path}.map`;
    if (!existsSync(mapPath)) continue;
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    // A source map's lines are separated by ';': one empty line first maps the hint to nothing.
    map.mappings = `;${map.mappings}`;
    writeFileSync(mapPath, JSON.stringify(map));
  }
}
