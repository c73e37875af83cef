import type { Plugin } from 'esbuild';

/** axios lib files (relative to axios/lib) replaced by stubs, with the stubs' code. */
export const AXIOS_STUBS: Record<string, string>;
/** The esbuild plugin that swaps them in. */
export const trimAxios: Plugin;
