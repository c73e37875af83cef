import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The parts of axios no call uses, replaced by stubs that fail clearly should
 * a call ever need them. Every call sends a plain object as JSON over XHR
 * (shared/api/transport.ts pins the XHR adapter), so the fetch adapter, the
 * form-data serializers (multipart, urlencoded, `params` objects) and the
 * progress helpers are dead weight. Transport chunk, gzip: 22.3 KB with all of
 * axios, 17.9 KB without the fetch adapter, 14.7 KB with these stubs and axios
 * assembled from its core modules (shared/api/axios-core.ts); 13.9 KB with only the utils
 * helpers axios's modules use (trimUtils).
 * test/unit/api/api-calls.test.ts runs every call through this build.
 */
const unused = (name) => `() => { throw new Error('axios ${name} is left out of this build (build/trim-axios.mjs): send a plain object'); }`;
export const AXIOS_STUBS = {
  'adapters/fetch.js': 'export const getFetch = () => undefined; export default undefined;',
  'helpers/toFormData.js': `export const DEFAULT_FORM_DATA_MAX_DEPTH = 100; export default ${unused('toFormData')};`,
  'helpers/formDataToJSON.js': `export default ${unused('formDataToJSON')};`,
  'helpers/toURLEncodedForm.js': `export default ${unused('toURLEncodedForm')};`,
  'helpers/AxiosURLSearchParams.js': `export default function AxiosURLSearchParams() { (${unused('params serializer')})(); }`,
  // The same object as axios's own, from named imports: its `import * as utils` spread made esbuild emit a
  // namespace helper in a chunk of its own, which every chunk (the entry too) then imported: one more request.
  'platform/index.js': `import platform from './browser/index.js';
import { hasBrowserEnv, hasStandardBrowserWebWorkerEnv, hasStandardBrowserEnv, navigator, origin } from './common/utils.js';
export default { hasBrowserEnv, hasStandardBrowserWebWorkerEnv, hasStandardBrowserEnv, navigator, origin, ...platform };`,
  'helpers/progressEventReducer.js': ['progressEventReducer', 'progressEventDecorator', 'asyncDecorator'].map((n) => `export const ${n} = ${unused(n)};`).join('\n'),
};
const axiosLib = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '../node_modules/axios/lib'));

/** The stubs in place of axios's own files (AXIOS_STUBS). */
function stubFiles(build) {
  build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
    const file = relative(axiosLib, join(args.resolveDir, args.path)).split('\\').join('/');
    return file in AXIOS_STUBS ? { path: file, namespace: 'axios-stub' } : undefined;
  });
  build.onLoad({ filter: /.*/, namespace: 'axios-stub' }, (args) => ({ contents: AXIOS_STUBS[args.path], loader: 'js', resolveDir: dirname(join(axiosLib, args.path)) }));
}

const TRANSPORT = join(dirname(fileURLToPath(import.meta.url)), '../shared/api/transport.ts');

/**
 * The helpers of axios's utils.js that the transport's axios modules name (`utils.x`, `const { x } = utils`):
 * esbuild bundles the transport with the stubs, and the axios files it takes in are read for them. An
 * upgrade that uses one more keeps it.
 */
export function usedUtils(esbuild) {
  // Read once a process: it depends on axios's files alone, and a build runs this plugin in several passes.
  return (usedOnce ??= readUsedUtils(esbuild));
}
let usedOnce;

async function readUsedUtils(esbuild) {
  const result = await esbuild.build({ entryPoints: [TRANSPORT], bundle: true, write: false, metafile: true, platform: 'browser', format: 'esm', logLevel: 'silent', plugins: [{ name: 'axios-stubs', setup: stubFiles }] });
  const used = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    if (!/node_modules[\\/]axios[\\/]lib[\\/]/.test(input) || /[\\/]lib[\\/]utils\.js$/.test(input)) continue;
    const source = readFileSync(realpathSync(input), 'utf8');
    for (const [, helper] of source.matchAll(/\butils\.(\w+)/g)) used.add(helper);
    for (const [, names] of source.matchAll(/\{([^}]*)\}\s*=\s*utils\b/g)) for (const n of names.split(',')) used.add(n.split(':')[0].trim());
  }
  return used;
}

/**
 * utils.js exports one object of some 60 helpers, so a bundler keeps every one of them. This keeps in
 * that object only the `used` ones (usedUtils), and the bundler drops the rest: 0.8 KB gzip off the
 * transport chunk.
 */
export function trimUtils(source, used) {
  const start = source.lastIndexOf('export default {');
  const end = source.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('build/trim-axios.mjs: axios/lib/utils.js no longer ends in `export default { … }`; update trimUtils');
  const entries = source
    .slice(start + 'export default {'.length, end)
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim().replace(/,$/, ''))
    .filter(Boolean);
  const kept = entries.filter((entry) => used.has(entry.split(':')[0].trim()));
  return `${source.slice(0, start)}export default {\n  ${kept.join(',\n  ')},\n};\n`;
}

export const trimAxios = {
  name: 'trim-axios',
  setup(build) {
    const utilsFile = join(axiosLib, 'utils.js');
    let used;
    build.onStart(async () => {
      used = await usedUtils(build.esbuild);
    });
    build.onLoad({ filter: /[\\/]axios[\\/]lib[\\/]utils\.js$/ }, (args) =>
      realpathSync(args.path) === utilsFile ? { contents: trimUtils(readFileSync(utilsFile, 'utf8'), used), loader: 'js' } : undefined,
    );
    stubFiles(build);
  },
};
