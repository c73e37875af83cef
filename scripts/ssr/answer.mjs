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
// JSON.stringify writes them) are then made on the bytes, in two passes.
const encoder = new TextEncoder();
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
/** The second byte of \b \t \n \f \r; 0: written as \u00XX. */
const SHORT = new Uint8Array(32);
for (const [code, letter] of [[8, 'b'], [9, 't'], [10, 'n'], [12, 'f'], [13, 'r']]) SHORT[code] = letter.charCodeAt(0);
const HEX = Buffer.from('0123456789abcdef');

/** `text` as a JSON string (with its quotes), in UTF-8, in a Buffer of its own, exactly its size. */
export function jsonString(text) {
  if (scratch.length < text.length * 3) scratch = Buffer.allocUnsafeSlow(text.length * 3);
  const size = encoder.encodeInto(text, scratch).written;
  let escapes = 0;
  for (let i = 0; i < size; i++) {
    const b = scratch[i];
    if (b === 0x22 || b === 0x5c) escapes += 1;
    else if (b < 0x20) escapes += SHORT[b] ? 1 : 5;
  }
  // Its own allocation: a small Buffer.from() would share (and, kept in the cache, pin) an 8 KB pool slab.
  const json = Buffer.allocUnsafeSlow(size + escapes + 2);
  json[0] = 0x22;
  if (escapes === 0) scratch.copy(json, 1, 0, size);
  else {
    let at = 1;
    for (let i = 0; i < size; i++) {
      const b = scratch[i];
      if (b >= 0x20 && b !== 0x22 && b !== 0x5c) json[at++] = b;
      else if (b >= 0x20) (json[at++] = 0x5c), (json[at++] = b);
      else if (SHORT[b]) (json[at++] = 0x5c), (json[at++] = SHORT[b]);
      else (json[at++] = 0x5c), (json[at++] = 0x75), (json[at++] = 0x30), (json[at++] = 0x30), (json[at++] = HEX[b >> 4]), (json[at++] = HEX[b & 15]);
    }
  }
  json[json.length - 1] = 0x22;
  return json;
}

/** A hook's result with its HTML as JSON bytes, ready for the answer. */
export function withJson(result) {
  if (result.html === '') return { ...result, json: EMPTY_JSON };
  return { ...result, json: jsonString(result.html) };
}

/**
 * The answer's pieces, from each hook's JSON bytes in order, written one
 * after the other (not copied into one Buffer: each large Buffer costs the
 * garbage collector more than writing it).
 */
export function answerPieces(parts) {
  const pieces = [ANSWER_START];
  parts.forEach((part, i) => (i ? pieces.push(COMMA, part) : pieces.push(part)));
  pieces.push(ANSWER_END);
  return pieces;
}

/** `count` empty hooks: `{"html":["","",…]}`. */
export const emptyAnswer = (count) => Buffer.from(`{"html":[${new Array(count).fill('""').join(',')}]}`);
