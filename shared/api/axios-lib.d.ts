/** Types for the axios core modules that axios-core.ts imports (axios ships none for them). */
declare module 'axios/unsafe/core/Axios.js' {
  export { Axios as default } from 'axios';
}
declare module 'axios/unsafe/core/mergeConfig.js' {
  import type { AxiosDefaults, AxiosRequestConfig, CreateAxiosDefaults } from 'axios';
  export default function mergeConfig(defaults: AxiosDefaults, config: CreateAxiosDefaults): AxiosRequestConfig;
}
declare module 'axios/unsafe/defaults/index.js' {
  import type { AxiosDefaults } from 'axios';
  const defaults: AxiosDefaults;
  export default defaults;
}
declare module 'axios/unsafe/helpers/isAxiosError.js' {
  export { isAxiosError as default } from 'axios';
}
declare module 'axios/unsafe/cancel/isCancel.js' {
  export { isCancel as default } from 'axios';
}
