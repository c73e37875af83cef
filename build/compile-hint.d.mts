/** Types of build/compile-hint.mjs for the TypeScript that imports it (tests). */
export const COMPILE_HINT: string;
export declare function addCompileHint(outdir: string, files: readonly string[]): void;
