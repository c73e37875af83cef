/**
 * The answer's bytes: `{"html": [...]}` put together from each hook's HTML
 * as a JSON string, encoded once (and kept so in the render cache).
 */

const ANSWER_START = Buffer.from('{"html":[');
const ANSWER_END = Buffer.from(']}');
const COMMA = Buffer.from(',');
const EMPTY = Buffer.alloc(0);
/** An empty hook's JSON: the page renders it in the browser. */
export const EMPTY_JSON = Buffer.from('""');

/**
 * A hook's result with its HTML as JSON bytes, ready for the answer. Their own
 * allocation, exactly their size: a small Buffer.from() would share (and, kept
 * in the cache, pin) an 8 KB pool slab.
 */
export function withJson(result) {
  if (result.html === '') return { ...result, json: EMPTY_JSON };
  const text = JSON.stringify(result.html);
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  return { ...result, json };
}

/** The answer from each hook's JSON bytes, in order. */
export function answerBytes(parts) {
  const pieces = [ANSWER_START];
  parts.forEach((part, i) => pieces.push(i ? COMMA : EMPTY, part));
  pieces.push(ANSWER_END);
  return Buffer.concat(pieces);
}

/** `count` empty hooks. */
export const emptyAnswer = (count) => answerBytes(new Array(count).fill(EMPTY_JSON));
