/**
 * axios assembled from its core modules instead of its default bundle, which
 * also carries the static helpers (toFormData, formToJSON, spread, CancelToken,
 * HttpStatusCode...) that no call uses. The build also leaves out the
 * form-data and progress helpers inside the core (build/trim-axios.mjs):
 * every call sends a plain object as JSON (test/unit/api/api-calls.test.ts).
 */
import type { Axios as AxiosInstance, CreateAxiosDefaults } from 'axios';
import Axios from 'axios/unsafe/core/Axios.js';
import mergeConfig from 'axios/unsafe/core/mergeConfig.js';
import defaults from 'axios/unsafe/defaults/index.js';

export { default as isAxiosError } from 'axios/unsafe/helpers/isAxiosError.js';
export { default as isCancel } from 'axios/unsafe/cancel/isCancel.js';

/** What `axios.create(config)` makes, less the instance's call signature and `create()`. */
export function createHttp(config: CreateAxiosDefaults): AxiosInstance {
  return new Axios(mergeConfig(defaults, config));
}
