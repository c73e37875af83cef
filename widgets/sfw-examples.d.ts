/** The types of the module build/islands.mjs makes from the island folders (tsconfig.json `paths`): each island's `example` props. */
export declare const EXAMPLES: Readonly<Record<string, unknown>>;
