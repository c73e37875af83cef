/**
 * The answer's bytes: `{"html": [...]}` put together from each hook's HTML
 * as a JSON string, encoded once (and kept so in the render cache).
 */

const ANSWER_START = Buffer.from('{"html":[');
const ANSWER_END = Buffer.from(']}');
const COMMA = Buffer.from(',');
/** An empty hook's JSON: the page renders it in the browser. */
export const EMPTY_JSON = Buffer.from('""');

// A hook's HTML as a JSON string, in UTF-8. Not Buffer.from(JSON.stringify(html)):
// for a 48-card grid that took 1.7 ms, a third of all the request's work. The
// HTML holds a "—" (a product title), so it is a two-byte string, and V8's
// JSON.stringify returns such a long string as a rope whose first read
// (flattening it) is slow. TextEncoder.encodeInto() writes the HTML's UTF-8 in
// a few dozen µs; the JSON escapes (" \ and control characters, as
// JSON.stringify writes them) are then made on the bytes, in one pass into a
// scratch array, four bytes at a time where none needs an escape, and the
// result copied out once. The escapes of the grid's 63 KB, on one core: two
// passes byte by byte into Buffers (count, then write) ~350 µs, one pass ~120 µs,
// four bytes at a time ~60 µs; the rope's flattening (~200 µs) comes on top.
const encoder = new TextEncoder();
/** The UTF-8, read four bytes at a time too (its buffer starts at 0: aligned). */
let utf8 = new Uint8Array(256 * 1024);
let utf8Words = new Uint32Array(utf8.buffer);
let escaped = new Uint8Array(2 * 256 * 1024 + 2);
/** Writes four bytes at any index of `escaped`, in the order Uint32Array read them. */
let escapedView = new DataView(escaped.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** What each byte becomes in a JSON string: 0 itself, 1 a backslash and itself (" \), 2 a backslash and a letter (\b \t \n \f \r), 3 \u00XX. */
const KIND = new Uint8Array(256);
const LETTER = new Uint8Array(32);
for (let b = 0; b < 32; b++) KIND[b] = 3;
for (const [code, letter] of [[8, 'b'], [9, 't'], [10, 'n'], [12, 'f'], [13, 'r']] as const) (KIND[code] = 2), (LETTER[code] = letter.charCodeAt(0));
KIND[0x22] = KIND[0x5c] = 1;
const HEX = new Uint8Array(Buffer.from('0123456789abcdef'));

/** Byte `i` of `src` written escaped into `out` at `at`; returns where the next goes. Writes past the end of `out` are dropped. */
function escapeByte(src: Uint8Array, i: number, out: Uint8Array, at: number): number {
  const b = src[i]!;
  const kind = KIND[b];
  if (kind === 0) {
    out[at] = b;
    return at + 1;
  }
  out[at] = 0x5c;
  if (kind === 1) out[at + 1] = b;
  else if (kind === 2) out[at + 1] = LETTER[b]!;
  else {
    (out[at + 1] = 0x75), (out[at + 2] = 0x30), (out[at + 3] = 0x30), (out[at + 4] = HEX[b >> 4]!), (out[at + 5] = HEX[b & 15]!);
    return at + 6;
  }
  return at + 2;
}

/**
 * `size` UTF-8 bytes of `src` written escaped into `out` from index 1 on;
 * returns the index after the last (past the end of `out` when it was too short).
 */
function escapeInto(src: Uint8Array, words: Uint32Array, size: number, out: Uint8Array, view: DataView): number {
  let at = 1;
  const wordCount = size >> 2;
  // A four-byte word goes as it is when no byte in it is below 0x20, a quote or a backslash
  // (each a carry-free test on all four bytes at once: a byte < 0x20, a byte equal to 0).
  const roomForWord = out.length - 4;
  for (let w = 0; w < wordCount; w++) {
    const x = words[w]!;
    const quote = x ^ 0x22222222;
    const backslash = x ^ 0x5c5c5c5c;
    if (((((x - 0x20202020) & ~x) | ((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash)) & 0x80808080) === 0 && at <= roomForWord) {
      view.setUint32(at, x, LITTLE_ENDIAN);
      at += 4;
    } else {
      const i = w << 2;
      at = escapeByte(src, i + 3, out, escapeByte(src, i + 2, out, escapeByte(src, i + 1, out, escapeByte(src, i, out, at))));
    }
  }
  for (let i = wordCount << 2; i < size; i++) at = escapeByte(src, i, out, at);
  return at;
}

/** `text` as a JSON string (with its quotes), in UTF-8, in a Buffer of its own, exactly its size. */
export function jsonString(text: string): Buffer {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (utf8.length < text.length * 3) (utf8 = new Uint8Array(text.length * 3 + 4)), (utf8Words = new Uint32Array(utf8.buffer, 0, utf8.length >> 2));
  const size = encoder.encodeInto(text, utf8).written;
  // Escaped, twice as long when every byte is a quote; control characters take 6 bytes each: writes
  // past the end are dropped, so a text with many is written again, into enough room.
  if (escaped.length < size * 2 + 2) (escaped = new Uint8Array(size * 2 + 2)), (escapedView = new DataView(escaped.buffer));
  let end = escapeInto(utf8, utf8Words, size, escaped, escapedView);
  if (end + 1 > escaped.length) {
    (escaped = new Uint8Array(end + 1)), (escapedView = new DataView(escaped.buffer));
    end = escapeInto(utf8, utf8Words, size, escaped, escapedView);
  }
  escaped[0] = 0x22;
  escaped[end] = 0x22;
  // Its own allocation: a small Buffer.from() would share (and, kept in the cache, pin) an 8 KB pool slab.
  const json = Buffer.allocUnsafeSlow(end + 1);
  json.set(escaped.subarray(0, end + 1));
  return json;
}

/** A hook's result with its HTML as JSON bytes, ready for the answer. */
export function withJson<T extends { html: string }>(result: T): T & { json: Buffer } {
  if (result.html === '') return { ...result, json: EMPTY_JSON };
  return { ...result, json: jsonString(result.html) };
}

/**
 * The answer's pieces, from each hook's JSON bytes in order, written one
 * after the other (not copied into one Buffer: each large Buffer costs the
 * garbage collector more than writing it).
 */
export function answerPieces(parts: Buffer[]): Buffer[] {
  const pieces: Buffer[] = [ANSWER_START];
  parts.forEach((part, i) => (i ? pieces.push(COMMA, part) : pieces.push(part)));
  pieces.push(ANSWER_END);
  return pieces;
}

/** `count` empty hooks: `{"html":["","",…]}`. */
export const emptyAnswer = (count: number): Buffer => Buffer.from(`{"html":[${new Array(count).fill('""').join(',')}]}`);
