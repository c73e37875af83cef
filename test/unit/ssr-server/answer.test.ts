// @vitest-environment node
/** The answer's bytes (server/answer.ts): each hook's HTML as a JSON string, byte for byte what JSON.stringify and UTF-8 give. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerPieces, emptyAnswer, jsonString } from '../../../server/answer';

describe('a hook\'s HTML as a JSON string', () => {
  it.each([
    ['plain ASCII', '<p class="a">Box</p>'],
    ['quotes and backslashes', 'say "hi" \\ back\\slash \\"'],
    ['control characters', 'a\nb\rc\td\be\ff\u0000g\u0001h\u001fi\u007f'],
    ['Latin-1 and wider', 'Pokémon — “151” ×3 …'],
    ['astral characters', 'card 🃏 and 𝄞'],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
    ['empty', ''],
  ])('%s', (_, text) => {
    expect(jsonString(text).equals(Buffer.from(JSON.stringify(text)))).toBe(true);
    expect(JSON.parse(jsonString(text).toString())).toBe(text);
  });

  it('a long two-byte HTML (a grid\'s size), every escape in place', () => {
    const card = '<li data-x="1"><a href="/p">Pokémon—151 "Box" \\ \n</a></li>';
    const html = card.repeat(2000);
    expect(jsonString(html).equals(Buffer.from(JSON.stringify(html)))).toBe(true);
  });

  it('any text, special bytes at any offset of the four-byte words: byte for byte JSON.stringify', () => {
    const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 9 }), fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', 'é', '🃏', '\u2028', '<a href="/x">'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(jsonString(text).equals(Buffer.from(JSON.stringify(text)))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a lone surrogate (broken text) becomes U+FFFD, which PHP\'s json_decode reads', () => {
    expect(JSON.parse(jsonString('a\ud800b').toString())).toBe('a\ufffdb');
  });
});

describe('the answer', () => {
  it('{"html": [...]} from the hooks\' JSON strings, in order; empty hooks', () => {
    expect(Buffer.concat(answerPieces([jsonString('<p>a</p>'), jsonString(''), jsonString('b')])).toString()).toBe('{"html":["<p>a</p>","","b"]}');
    expect(JSON.parse(emptyAnswer(3).toString())).toEqual({ html: ['', '', ''] });
    expect(JSON.parse(emptyAnswer(0).toString())).toEqual({ html: [] });
  });
});
