/**
 * An island is its folder: the build finds `widgets/<name>/island.tsx` (or
 * `island.ts`) and makes from the folders the modules that list islands, so
 * adding one edits nothing outside its folder (docs/architecture.md "Adding an island"):
 *
 * - `sfw:islands`, the registry (ISLANDS): each island's load, chunk and wake
 *   strategy. `wake.ts` beside the island, when there, says when it wakes
 *   (`export const wake`, a strategy of shared/runtime/wake.ts) and which
 *   chunk group it comes in (`export const group = 'every-page'`); without
 *   it the island is a chunk of its own and wakes with the page;
 * - `sfw:group/<group>`, one chunk per group (widgets/groups/<group>.ts in
 *   the metafile, so build.mjs chunkName names it as before);
 * - `sfw:examples`, each island's example.ts (one props object as PHP sends
 *   them): the render service's warm-up, the docs' and the embedding tests;
 * - `sfw:styles.css` and `sfw:hook-styles.css`: each folder's `<name>.css`
 *   and, outside the cascade layer, its `<name>-hook.css` (widgets/storefront.css).
 *
 * The same modules for esbuild (islandsPlugin) and Vite (vitest: viteIslands).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The island folders under widgets/, sorted: name, group, whether wake.ts says `wake`, whether it has an example.ts. */
export function islandFolders(root) {
  const widgets = join(root, 'widgets');
  const folders = readdirSync(widgets, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const found = [];
  for (const name of folders) {
    const module = ['island.tsx', 'island.ts'].find((file) => existsSync(join(widgets, name, file)));
    if (!module) continue;
    const wakeFile = join(widgets, name, 'wake.ts');
    const wake = existsSync(wakeFile) ? readFileSync(wakeFile, 'utf8') : '';
    found.push({
      name,
      group: /^export const group = '([\w-]+)'/m.exec(wake)?.[1],
      wake: /^export const wake\b/m.test(wake),
      example: existsSync(join(widgets, name, 'example.ts')),
    });
  }
  return found;
}

/** Every folder's stylesheets: `<name>.css` (in the layer) and `<name>-hook.css` (outside it). */
function stylesheets(root, suffix) {
  const widgets = join(root, 'widgets');
  return readdirSync(widgets, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(widgets, e.name, `${e.name}${suffix}`)))
    .map((e) => e.name)
    .sort()
    .map((name) => `@import './${name}/${name}${suffix}';\n`)
    .join('');
}

const key = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

/**
 * The source of one generated module (its id without 'sfw:'), its imports relative to widgets/; a group's
 * by absolute path (its folder, widgets/groups/, exists only in the metafile: esbuild resolves nothing from it).
 */
export function islandsSource(root, id) {
  const islands = islandFolders(root);
  if (id === 'islands') {
    const groups = [...new Set(islands.map((i) => i.group).filter(Boolean))];
    const lines = islands.map((island, i) => {
      const load = island.group
        ? `...pick(G${groups.indexOf(island.group)}, '${key(island.name)}')`
        : `load: () => import('./${island.name}/island')`;
      return `  '${island.name}': { ${load}${island.wake ? `, wake: W${i}` : ''} },`;
    });
    return [
      ...islands.flatMap((island, i) => (island.wake ? [`import { wake as W${i} } from './${island.name}/wake';`] : [])),
      // One island of a group's chunk (loaded once); `chunk` names it as build.mjs chunkName does.
      'const pick = (group, key) => ({ chunk: group.chunk, load: () => group.load().then((g) => ({ default: g[key] })) });',
      ...groups.map((group, g) => `const G${g} = { chunk: '${group}', load: () => import('sfw:group/${group}') };`),
      'export const ISLANDS = {',
      ...lines,
      '};',
    ].join('\n');
  }
  if (id.startsWith('group/')) {
    const group = id.slice('group/'.length);
    return islands
      .filter((island) => island.group === group)
      .map((island) => `export { default as ${key(island.name)} } from ${JSON.stringify(join(root, 'widgets', island.name, 'island').split('\\').join('/'))};`)
      .join('\n');
  }
  if (id === 'examples') {
    const withExample = islands.filter((island) => island.example);
    return [
      ...withExample.map((island, i) => `import E${i} from './${island.name}/example';`),
      `export const EXAMPLES = { ${withExample.map((island, i) => `'${island.name}': E${i}`).join(', ')} };`,
    ].join('\n');
  }
  if (id === 'styles.css') return stylesheets(root, '.css');
  if (id === 'hook-styles.css') return stylesheets(root, '-hook.css');
  throw new Error(`build/islands.mjs: no generated module "sfw:${id}"`);
}

/** Where esbuild and Vite place a generated module: a group where build.mjs chunkName expects it, the others in widgets/ (their imports' base). */
const pathOf = (root, id) => (id.startsWith('group/') ? join(root, 'widgets/groups', `${id.slice(6)}.ts`) : join(root, 'widgets', `sfw-${id}${id.endsWith('.css') ? '' : '.ts'}`));
const idOf = (root, path) => {
  const rel = path.slice(join(root, 'widgets').length + 1).split('\\').join('/');
  return rel.startsWith('groups/') ? `group/${rel.slice(7, -3)}` : rel.startsWith('sfw-') ? rel.slice(4).replace(/\.ts$/, '') : undefined;
};

/** The esbuild plugin. */
export function islandsPlugin(root) {
  return {
    name: 'islands',
    setup(build) {
      build.onResolve({ filter: /^sfw:/ }, (args) => ({ path: pathOf(root, args.path.slice(4)) }));
      build.onLoad({ filter: /[\\/]widgets[\\/](groups[\\/][\w-]+\.ts|sfw-[\w.-]+)$/ }, (args) => {
        const id = idOf(root, args.path);
        if (!id) return undefined;
        // npm start (build.mjs watch) makes them again when a folder or a wake.ts comes, goes or changes.
        const folders = readdirSync(join(root, 'widgets'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, 'widgets', e.name));
        return {
          contents: islandsSource(root, id),
          loader: id.endsWith('.css') ? 'css' : 'ts',
          resolveDir: join(root, 'widgets'),
          watchDirs: [join(root, 'widgets'), ...folders],
          watchFiles: folders.map((folder) => join(folder, 'wake.ts')).filter((file) => existsSync(file)),
        };
      });
    },
  };
}

/** The same as a Vite plugin (vitest's unit project). */
export function viteIslands(root) {
  return {
    name: 'islands',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith('sfw:') ? pathOf(root, source.slice(4)) : undefined),
    load(path) {
      const id = path.startsWith(join(root, 'widgets')) ? idOf(root, path) : undefined;
      return id ? islandsSource(root, id) : undefined;
    },
  };
}
