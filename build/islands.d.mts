/** Types of build/islands.mjs for the TypeScript that imports it (vitest.config.ts, tests). */
export interface IslandFolder {
  name: string;
  group?: string;
  wake: boolean;
  example: boolean;
}
export declare function islandFolders(root: string): IslandFolder[];
export declare function islandsSource(root: string, id: string): string;
export declare function islandsPlugin(root: string): import('esbuild').Plugin;
export declare function viteIslands(root: string): import('vite').Plugin;
