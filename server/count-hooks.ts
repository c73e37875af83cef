/**
 * The number of items of the body's top-level `"hooks"` list, read from the
 * bytes without building the rest (what answering a request with empty hooks
 * needs): undefined when the body has none or is not JSON this reads (then
 * the full parse says why).
 */
export function countHooks(bytes: Uint8Array): number | undefined {
  const QUOTE = 0x22;
  const BACKSLASH = 0x5c;
  let depth = 0;
  let keyIsHooks = false; // the last key at depth 1 was "hooks"
  let expectKey = false;
  let inHooks = false;
  let expectItem = false;
  let count: number | undefined;
  let items = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (inHooks && depth === 2 && expectItem && c !== 0x5d) {
      items++;
      expectItem = false;
    }
    if (c === QUOTE) {
      const start = i + 1;
      do i++;
      while (i < bytes.length && bytes[i] !== QUOTE && (bytes[i] !== BACKSLASH || ++i));
      if (i >= bytes.length) return undefined;
      if (depth === 1 && expectKey) {
        keyIsHooks = i - start === 5 && bytes[start] === 0x68 && bytes[start + 1] === 0x6f && bytes[start + 2] === 0x6f && bytes[start + 3] === 0x6b && bytes[start + 4] === 0x73;
        expectKey = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (depth === 1 && keyIsHooks) {
        if (c !== 0x5b) return undefined;
        inHooks = true;
        expectItem = true;
        items = 0;
      }
      depth++;
      if (depth === 1) expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth < 0) return undefined;
      if (inHooks && depth === 1) {
        inHooks = false;
        count = items;
      }
    } else if (c === 0x2c) {
      if (depth === 1) {
        expectKey = true;
        keyIsHooks = false;
      } else if (inHooks && depth === 2) expectItem = true;
    } else if (c !== 0x3a && depth === 1 && keyIsHooks) return undefined; // "hooks" is not a list
  }
  return depth === 0 ? count : undefined;
}
