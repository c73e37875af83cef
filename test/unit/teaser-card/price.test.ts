/** How the card reads a teaser into the shared price rule (the rule's own table: test/unit/price/). */
import { describe, expect, it } from 'vitest';
import { teaserPrice } from '../../../widgets/teaser-card/rules';
import type { PriceDisplay } from '../../../shared/rules/price';
import { USD } from '../../../shared/money';
import { teaser } from './factory';

describe('teaserPrice: the teaser fields of spec §3', () => {
  it.each<[string, Parameters<typeof teaser>[0], PriceDisplay]>([
    ['price', { price: 12.5 }, { kind: 'plain', amount: '$12.50', approx: null }],
    ['rewardRedemptionOnly', { rewardRedemptionOnly: true, price: 25, downPayment: true, depositPrice: 5 }, { kind: 'reward', label: 'Reward Only', amount: '$25.00', approx: null }],
    ['downPayment and depositPrice', { downPayment: true, depositPrice: 50, price: 500 }, { kind: 'deposit', amount: '$50.00', label: '(DEPOSIT)', approx: null }],
    ['lowVar', { lowVar: 4.99, price: 10 }, { kind: 'starts-at', amount: '$4.99', prefix: 'Starts at:', approx: null }],
    ['sale, salePrice and listPrice', { sale: true, salePrice: 8, listPrice: 10, regPrice: 9 }, { kind: 'sale', amount: '$8.00', struck: '$10.00', saleMark: 'SALE', approx: null }],
    ['regPrice when listPrice is not higher', { sale: true, salePrice: 8, listPrice: 8, regPrice: 9 }, { kind: 'sale', amount: '$8.00', struck: '$9.00', saleMark: 'SALE', approx: null }],
  ])('%s', (_, overrides, expected) => {
    expect(teaserPrice(teaser(overrides), USD)).toEqual(expected);
  });
});
