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
 * build writes them into a JSON map next to the entry (build.mjs,
 * preloadMap), fetched when first needed, and defines its name,
 * SFW_PRELOAD_FILE, in a second pass over the entry. Only the entry holds
 * the name and nothing imports the entry, so no other chunk's hash depends on it.
 */
/** The preload map's path relative to the entry. */
declare const SFW_PRELOAD_FILE: string | undefined;
/** Whether this is the React build (build.mjs): only its map runs a file early, and the Preact entry carries no code for it. */
declare const SFW_REACT: boolean | undefined;
const RUN_AT_IDLE = typeof SFW_REACT === 'boolean' ? SFW_REACT : true;

/**
 * `{ files: names under chunks/ without '.js', chunks: { '*': indexes of
 * the files every page needs, '<chunk>': those of that registry chunk } }`.
 */
export interface PreloadMap {
  files: readonly string[];
  chunks: Readonly<Record<string, readonly number[]>>;
  /** Files also run once fetched, when the browser is idle: React DOM in the React build (build.mjs preloadFiles). */
  run?: readonly number[];
}
const NONE: PreloadMap = { files: [], chunks: {} };

/** The files to preload for these chunks (registry `chunk`s), relative to the entry; '*' first, each once. */
function filesFor(chunks: Iterable<string>, map: PreloadMap): string[] {
  const files = new Set<string>();
  for (const chunk of ['*', ...chunks]) for (const i of map.chunks[chunk] ?? []) if (map.files[i]) files.add(`./chunks/${map.files[i]}.js`);
  return [...files];
}

/**
 * Returns `preload(chunks)`: adds the modulepreload links of these chunks'
 * files, each file once over the page's life; `base` is the entry's URL.
 * `map`: the map itself (else the built one is fetched once, on the first call;
 * without it nothing is preloaded and the islands load as they wake).
 */
export function createPrefetch(base: string, map?: PreloadMap) {
  const added = new Set<string>();
  let loading: Promise<PreloadMap> | undefined;
  const add = (chunks: readonly string[], map: PreloadMap) => {
    for (const file of filesFor(chunks, map)) {
      if (added.has(file)) continue;
      added.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      // Under a nonce-based CSP ('strict-dynamic') a preload without the nonce is refused. Read as
      // nonce.ts's pageNonce() reads it in a browser (a test holds the two together): importing that module would
      // put a chunk of its own, shared with the PayPal chunk, before input: +187 B gzip (8,161 B, measured 2026-12-03).
      link.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
      link.href = new URL(file, base).href;
      // The React build then hydrates a tree off the page once (react-warm-up.tsx): the first island's hydration runs compiled code.
      if (RUN_AT_IDLE && map.run?.some((i) => file === `./chunks/${map.files[i]}.js`))
        link.onload = () => whenIdle(() => void import(link.href).then(() => typeof SFW_REACT === 'boolean' && SFW_REACT && import('./react-warm-up')).catch(() => {}));
      document.head.append(link);
    }
  };
  return (chunks: Iterable<string>): void => {
    const wanted = [...chunks];
    if (map) return add(wanted, map);
    // Written out here, not in a constant: the build's define then drops the branch it does not take.
    loading ??=
      typeof SFW_PRELOAD_FILE === 'string'
        ? fetch(new URL(SFW_PRELOAD_FILE, base)).then((response) => response.json() as Promise<PreloadMap>).catch(() => NONE)
        : Promise.resolve(NONE);
    // A map that is not ours (an error page, a proxy's answer) preloads nothing: the islands load as they wake.
    void loading.then((built) => add(wanted, built)).catch(() => {});
  };
}

/** Calls `run` when the browser is idle (a timer where requestIdleCallback is missing). */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1000);
}
