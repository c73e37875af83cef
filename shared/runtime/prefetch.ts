/**
 * Fetches, without running, every chunk the page's islands need when they
 * wake: the request code (the api transport chunk, axios), the framework's
 * chunk (Preact), and the chunk of each island whose hook is on the page,
 * each with what it imports. A passive page view runs none of it, and the
 * first tap waits for no request.
 *
 * `<link rel="modulepreload">` fetches and compiles a module; it is evaluated
 * only when `import()` asks for it. Added once: when the browser is idle
 * after the islands mount, or sooner on the first pointer over or focus in
 * an island (intent.ts).
 *
 * The chunk names are content-hashed, so the source cannot know them: the
 * build defines SFW_PRELOAD (a JSON map of paths relative to the entry) in a
 * second pass over the entry (build.mjs, preloadFiles). Only the entry holds
 * the map and nothing imports the entry, so no other chunk's hash depends on it.
 */

/**
 * `{ files: names under chunks/ without '.js', chunks: { '*': indexes of
 * the files every page needs, '<chunk>': those of that registry chunk } }`
 * (build.mjs, packPreload).
 */
declare const SFW_PRELOAD: string | undefined;

export interface PreloadMap {
  files: readonly string[];
  chunks: Readonly<Record<string, readonly number[]>>;
}

const BUILT: PreloadMap = typeof SFW_PRELOAD === 'string' ? (JSON.parse(SFW_PRELOAD) as PreloadMap) : { files: [], chunks: {} };

/** The files to preload for these chunks (registry `chunk`s), relative to the entry; '*' first, each once. */
export function filesFor(chunks: Iterable<string>, map: PreloadMap = BUILT): string[] {
  const files = new Set<string>();
  for (const chunk of ['*', ...chunks]) for (const i of map.chunks[chunk] ?? []) if (map.files[i]) files.add(`./chunks/${map.files[i]}.js`);
  return [...files];
}

/**
 * Returns `preload(chunks)`: adds the modulepreload links of these chunks'
 * files, each file once over the page's life; `base` is the entry's URL.
 */
export function createPrefetch(base: string, map: PreloadMap = BUILT) {
  const added = new Set<string>();
  return (chunks: Iterable<string>): void => {
    if (typeof document === 'undefined') return;
    for (const file of filesFor(chunks, map)) {
      if (added.has(file)) continue;
      added.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = new URL(file, base).href;
      document.head.append(link);
    }
  };
}

/** Calls `run` when the browser is idle (a timer where requestIdleCallback is missing). */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1000);
}
