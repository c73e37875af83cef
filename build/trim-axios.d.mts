import type { Plugin, PluginBuild } from 'esbuild';

/** axios lib files (relative to axios/lib) replaced by stubs, with the stubs' code. */
export const AXIOS_STUBS: Record<string, string>;
/** The helpers of axios's utils.js that the transport's axios modules name. */
export function usedUtils(esbuild: PluginBuild['esbuild']): Promise<Set<string>>;
/** utils.js with only the `used` helpers in its default export. */
export function trimUtils(source: string, used: Set<string>): string;
/** The esbuild plugin that swaps the stubs in and trims utils.js. */
export const trimAxios: Plugin;
