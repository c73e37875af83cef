import { describe, expect, it } from 'vitest';
import { USD } from '../../../shared/money';
import type { SearchResultItem } from '../../../shared/api/schemas';
import { highlight } from '../../../widgets/search-bar/rules/highlight';
import { searchPrice, type SearchPrice } from '../../../widgets/search-bar/rules/price';
import { announcement, isBlank, searchHref, searchTerm, shouldSearch, showViewAll } from '../../../widgets/search-bar/rules/query';

function item(over: Partial<SearchResultItem> = {}): SearchResultItem {
  return {
    Title: 'Booster Box',
    slug: 'booster-box',
    MainImage: null,
    RewardRedemptionOnly: false,
    DownPayment: false,
    DepositPrice: 0,
    LowestVariationPrice: 0,
    OnSale: false,
    IsDiscounted: false,
    SaleListPrice: 0,
    SalePrice: 0,
    RegularPrice: 0,
    Price: 0,
    Available: 1,
    Presale: false,
    ...over,
  };
}

describe('query rules (spec §5 Search, §9)', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\t\n', true],
    ['a', false],
    ['  a ', false],
  ])('isBlank(%j) is %s', (query, blank) => expect(isBlank(query)).toBe(blank));

  it.each([
    ['', false],
    ['po', false],
    ['  po  ', false],
    ['pok', true],
    ['poke', true],
    ['a b', true],
  ])('shouldSearch(searchTerm(%j)) is %s', (query, yes) => expect(shouldSearch(searchTerm(query))).toBe(yes));

  it('never searches for more than 80 characters', () => {
    expect(searchTerm('x'.repeat(100))).toHaveLength(80);
  });

  it.each([
    [0, false],
    [3, false],
    [4, true],
    [120, true],
  ])('View All Results with total %i: %s', (total, shown) => expect(showViewAll(total)).toBe(shown));

  it.each([
    ['pokemon 151', '/search?q=pokemon+151'],
    ['a&b=c', '/search?q=a%26b%3Dc'],
    ['é', '/search?q=%C3%A9'],
  ])('searchHref(%j) is %s', (term, href) => expect(searchHref(term)).toBe(href));

  it.each([
    ['idle', 0, ''],
    ['searching', 0, 'Loading results…'],
    ['complete', 0, '0 results'],
    ['complete', 1, '1 result'],
    ['complete', 12, '12 results'],
  ] as const)('announcement(%s, %i) is %j', (status, total, text) => expect(announcement(status, total)).toBe(text));
});

describe('highlight (typed words marked as text)', () => {
  const marked = (title: string, term: string) =>
    highlight(title, term)
      .map((p) => (p.match ? `[${p.text}]` : p.text))
      .join('');

  it.each([
    ['Pokemon Booster Box', 'box', 'Pokemon Booster [Box]'],
    ['Pokemon Booster Box', 'BOOST', 'Pokemon [Boost]er Box'],
    ['Pokémon 151', 'pokemon', '[Pokémon] 151'],
    ['Topps Chrome Topps', 'topps', '[Topps] Chrome [Topps]'],
    ['Topps Chrome', 'chrome topps', '[Topps] [Chrome]'],
    ['Aaaa', 'aa', '[Aaaa]'],
    ['Booster Box', 'xyz', 'Booster Box'],
    ['Booster Box', '   ', 'Booster Box'],
    ['Mystery <img src=x onerror=alert(1)>', '<img', 'Mystery [<img] src=x onerror=alert(1)>'],
    ['Card 🃏 box', 'box', 'Card 🃏 [box]'],
  ])('%j with %j → %j', (title, term, expected) => expect(marked(title, term)).toBe(expected));

  it('keeps every character of the title, in order', () => {
    const title = 'Pokémon <b>Scarlet</b> & Violet—151';
    expect(highlight(title, 'violet 151').map((p) => p.text).join('')).toBe(title);
  });
});

describe('searchPrice: the search item fields (spec §3; the rule itself: test/unit/price/)', () => {
  it.each<[string, Partial<SearchResultItem>, SearchPrice]>([
    ['Price', { Price: 12.5 }, { kind: 'plain', amount: '$12.50', approx: null, presale: false }],
    [
      'RewardRedemptionOnly',
      { RewardRedemptionOnly: true, Price: 119.99, DownPayment: true, DepositPrice: 10, OnSale: true, SalePrice: 5, RegularPrice: 200 },
      { kind: 'reward', label: 'Reward Only', amount: '$119.99', approx: null, presale: false },
    ],
    [
      'DownPayment and DepositPrice',
      { DownPayment: true, DepositPrice: 100, Price: 449.99, LowestVariationPrice: 20 },
      { kind: 'deposit', label: '(DEPOSIT)', amount: '$100.00', approx: null, presale: false },
    ],
    [
      'LowestVariationPrice',
      { LowestVariationPrice: 4.99, Price: 10, OnSale: true, SalePrice: 8, RegularPrice: 10 },
      { kind: 'starts-at', prefix: 'Starts at:', amount: '$4.99', approx: null, presale: false },
    ],
    [
      'OnSale, SalePrice and SaleListPrice',
      { OnSale: true, SalePrice: 8, SaleListPrice: 12, RegularPrice: 10, Price: 8 },
      { kind: 'sale', struck: '$12.00', saleMark: 'SALE', amount: '$8.00', approx: null, presale: false },
    ],
    [
      'RegularPrice when there is no list price',
      { OnSale: true, SalePrice: 8, RegularPrice: 10, Price: 8 },
      { kind: 'sale', struck: '$10.00', saleMark: 'SALE', amount: '$8.00', approx: null, presale: false },
    ],
    [
      'IsDiscounted counts as on sale; Price when SalePrice is 0',
      { IsDiscounted: true, RegularPrice: 10, Price: 7 },
      { kind: 'sale', struck: '$10.00', saleMark: 'SALE', amount: '$7.00', approx: null, presale: false },
    ],
    ['Presale tags any form', { Presale: true, DownPayment: true, DepositPrice: 100, Price: 449.99 }, { kind: 'deposit', label: '(DEPOSIT)', amount: '$100.00', approx: null, presale: true }],
  ])('%s', (_name, over, expected) => expect(searchPrice(item(over), USD)).toEqual(expected));
});
