/** ['Safari >= 15', 'Chrome >= 146'] → ['safari15', 'chrome146'] (esbuild's target names). */
export declare function esbuildTarget(list: unknown): string[];
/** The target for the project in `root`, from its package.json `browserslist`. */
export declare function supportedTarget(root: string): string[];
