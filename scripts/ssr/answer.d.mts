export declare const EMPTY_JSON: Buffer;
export declare function jsonString(text: string): Buffer;
export declare function withJson<T extends { html: string }>(result: T): T & { json: Buffer };
export declare function answerPieces(parts: Buffer[]): Buffer[];
export declare function emptyAnswer(count: number): Buffer;
