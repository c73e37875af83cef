import { realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The parts of axios no call uses, replaced by stubs that fail clearly should
 * a call ever need them. Every call sends a plain object as JSON over XHR
 * (shared/api/transport.ts pins the XHR adapter), so the fetch adapter, the
 * form-data serializers (multipart, urlencoded, `params` objects) and the
 * progress helpers are dead weight. Transport chunk, gzip: 22.3 KB with all of
 * axios, 17.9 KB without the fetch adapter, 14.7 KB with these stubs and axios
 * assembled from its core modules (shared/api/axios-core.ts).
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
export const trimAxios = {
  name: 'trim-axios',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const file = relative(axiosLib, join(args.resolveDir, args.path)).split('\\').join('/');
      return file in AXIOS_STUBS ? { path: file, namespace: 'axios-stub' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'axios-stub' }, (args) => ({ contents: AXIOS_STUBS[args.path], loader: 'js', resolveDir: dirname(join(axiosLib, args.path)) }));
  },
};
