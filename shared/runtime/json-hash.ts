/**
 * The hash of a value's JSON: FNV-1a of JSON.stringify(value) (props.ts
 * hashText), what the server marks each list item with and the browser
 * checks before it hydrates the item (list.tsx ITEM_ATTR). The server
 * renderer's build takes json-hash.server.ts instead (build.mjs): the same
 * hash, without writing the string.
 */
import { hashText } from './props';

export const jsonHash = (value: unknown): string => hashText(JSON.stringify(value));
