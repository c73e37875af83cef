import { describe, expect, it } from 'vitest';
import { trimTitle } from '../../../widgets/cart-dropdown/rules/title';

describe('trimTitle: cart item titles trimmed to the first 3 words (spec §9)', () => {
  it.each([
    ['2024 Topps Chrome Baseball Hobby Box', '2024 Topps Chrome…'],
    ['Pokémon Booster Box', 'Pokémon Booster Box'],
    ['Two words', 'Two words'],
    ['Single', 'Single'],
    ['  spaced   out   title   here ', 'spaced out title…'],
    ['Tab\tand\nnewline words', 'Tab and newline…'],
    ['<b>Bold</b> Pokémon <i>Box</i> Deluxe', '<b>Bold</b> Pokémon <i>Box</i>…'],
    ['', ''],
  ])('%j → %j', (title, expected) => {
    expect(trimTitle(title)).toBe(expected);
  });

  it('takes another word count', () => {
    expect(trimTitle('a b c d e', 4)).toBe('a b c d…');
  });
});
