/** Types of what the tests use from build-service.mjs. */
export declare const SERVICE_ENTRY: string;
export declare const SERVICE_OUT: string;
export declare function buildService(root: string, outfile?: string): Promise<string>;
