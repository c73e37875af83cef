/** Types of what the tests use from build.mjs. */
/** A lazy module's name in the preload map ('widgets/groups/every-page.ts': 'every-page'; 'widgets/header/island.ts': 'header'). */
export declare function chunkName(src: string): string;
