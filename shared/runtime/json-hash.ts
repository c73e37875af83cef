/**
 * The hash of a value's JSON: FNV-1a of JSON.stringify(value) (props.ts
 * hashText), what the server marks each list item with and the browser
 * checks before it hydrates the item (list.tsx ITEM_ATTR). One form for
 * both: the render service once read the value in place instead (about
 * 60 us less per 48-card grid, ~4 % of its render), at 0.45 KB more for
 * the browser's category page, or a second copy of the rule.
 */
import { hashText } from './props';

export const jsonHash = (value: unknown): string => hashText(JSON.stringify(value));
