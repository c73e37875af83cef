/**
 * The one price display rule (shared/rules/price.ts), as a table. The islands'
 * own tests check only how each reads its product shape into these facts
 * (teaser-card/price.test.ts, search-bar/rules.test.ts, add-to-cart/price.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { USD, type Currency } from '../../../shared/money';
import { priceDisplay, type PriceDisplay, type PriceFacts } from '../../../shared/rules/price';

const CAD: Currency = { factor: 1.37, symbol: 'C$' };

function facts(overrides: Partial<PriceFacts> = {}): PriceFacts {
  return { rewardOnly: false, downPayment: false, depositPrice: 0, lowVar: 0, sale: false, salePrice: 0, price: 10, was: [0, 0], ...overrides };
}

describe('priceDisplay (spec §4 Price display, §6, §9)', () => {
  it.each<[string, Partial<PriceFacts>, Currency, PriceDisplay]>([
    // Plain
    ['plain price', { price: 12.5 }, USD, { kind: 'plain', amount: '$12.50', approx: null }],
    ['plain price at 0', { price: 0 }, USD, { kind: 'plain', amount: '$0.00', approx: null }],
    ['thousands separator', { price: 1234.5 }, USD, { kind: 'plain', amount: '$1,234.50', approx: null }],
    // Deposit
    ['deposit with (DEPOSIT) label', { downPayment: true, depositPrice: 50, price: 500 }, USD, { kind: 'deposit', amount: '$50.00', label: '(DEPOSIT)', approx: null }],
    [
      'deposit beats Starts at: and sale',
      { downPayment: true, depositPrice: 50, lowVar: 20, sale: true, salePrice: 400, was: [500, 0] },
      USD,
      { kind: 'deposit', amount: '$50.00', label: '(DEPOSIT)', approx: null },
    ],
    ['deposit price 0 falls back to the price', { downPayment: true, depositPrice: 0, price: 500 }, USD, { kind: 'plain', amount: '$500.00', approx: null }],
    ['deposit price without the flag is ignored', { depositPrice: 50, price: 500 }, USD, { kind: 'plain', amount: '$500.00', approx: null }],
    // Starts at
    ['Starts at: when lowVar above 0', { lowVar: 4.99, price: 10 }, USD, { kind: 'starts-at', amount: '$4.99', prefix: 'Starts at:', approx: null }],
    ['Starts at: beats sale', { lowVar: 4.99, sale: true, salePrice: 8, was: [10, 0] }, USD, { kind: 'starts-at', amount: '$4.99', prefix: 'Starts at:', approx: null }],
    // Sale
    [
      'sale: struck list price, sale price marked SALE',
      { sale: true, salePrice: 8, was: [10, 9], price: 10 },
      USD,
      { kind: 'sale', amount: '$8.00', struck: '$10.00', saleMark: 'SALE', approx: null },
    ],
    ['sale: struck regular price when no list price', { sale: true, salePrice: 8, was: [0, 9] }, USD, { kind: 'sale', amount: '$8.00', struck: '$9.00', saleMark: 'SALE', approx: null }],
    [
      'sale: regular price when list price is not above the sale price',
      { sale: true, salePrice: 8, was: [8, 9] },
      USD,
      { kind: 'sale', amount: '$8.00', struck: '$9.00', saleMark: 'SALE', approx: null },
    ],
    ['sale: salePrice 0 uses price', { sale: true, salePrice: 0, price: 7, was: [10, 0] }, USD, { kind: 'sale', amount: '$7.00', struck: '$10.00', saleMark: 'SALE', approx: null }],
    ['sale with nothing higher: plain sale price', { sale: true, salePrice: 8, was: [8, 0], price: 10 }, USD, { kind: 'plain', amount: '$8.00', approx: null }],
    ['sale prices ignored when not on sale', { salePrice: 8, was: [10, 0], price: 10 }, USD, { kind: 'plain', amount: '$10.00', approx: null }],
    // Reward only
    [
      'reward-only: the plain price labelled Reward Only, no other form',
      { rewardOnly: true, price: 25, downPayment: true, depositPrice: 5, lowVar: 3, sale: true, was: [30, 0] },
      USD,
      { kind: 'reward', label: 'Reward Only', amount: '$25.00', approx: null },
    ],
    // Currency factor
    ['factor 1.37: converted amount and approx note', { price: 12.5 }, CAD, { kind: 'plain', amount: 'C$17.13', approx: 'Approx. $12.50 US' }],
    ['factor 1.37: deposit note is on the deposit', { downPayment: true, depositPrice: 50 }, CAD, { kind: 'deposit', amount: 'C$68.50', label: '(DEPOSIT)', approx: 'Approx. $50.00 US' }],
    ['factor 1.37: Starts at: note is on lowVar', { lowVar: 10 }, CAD, { kind: 'starts-at', amount: 'C$13.70', prefix: 'Starts at:', approx: 'Approx. $10.00 US' }],
    [
      'factor 1.37: sale converts both prices, note on the sale price',
      { sale: true, salePrice: 8, was: [10, 0] },
      CAD,
      { kind: 'sale', amount: 'C$10.96', struck: 'C$13.70', saleMark: 'SALE', approx: 'Approx. $8.00 US' },
    ],
    ['factor 1.37: reward-only', { rewardOnly: true, price: 25 }, CAD, { kind: 'reward', label: 'Reward Only', amount: 'C$34.25', approx: 'Approx. $25.00 US' }],
  ])('%s', (_, overrides, currency, expected) => {
    expect(priceDisplay(facts(overrides), currency)).toEqual(expected);
  });
});
