import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/schemas';
import { USD } from '../../../shared/money';
import type { PriceDisplay } from '../../../shared/rules/price';
import { fullPrice, offersExpressCheckout, paysDeposit, shownPrice, unitPrice } from '../../../widgets/add-to-cart/rules';
import type { FormState } from '../../../widgets/add-to-cart/rules';
import { product, state, variation } from './factory';

const deposit = { DownPayment: true, DepositPrice: 3, Price: 10 };
const withOption = { Options: [variation({ price: 12 })] };

describe('unitPrice / paysDeposit / fullPrice (§4 variation price, §5 "Down payment")', () => {
  it.each<[string, Partial<Product>, Partial<FormState>, number, boolean, number]>([
    // case, product, state, unit price, pays deposit, full price
    ['plain product → Price', { Price: 10, price: 9 }, {}, 10, false, 10],
    ['Price missing → price', { Price: 0, price: 9 }, {}, 9, false, 9],
    ['chosen variation → its price', withOption, { variationId: 501 }, 12, false, 12],
    ['variation not chosen → product price', withOption, {}, 10, false, 10],
    ['down payment → deposit', deposit, {}, 3, true, 10],
    ['down payment, full amount chosen → Price', deposit, { payFull: true }, 10, false, 10],
    ['down payment without a deposit price → Price', { ...deposit, DepositPrice: 0 }, {}, 10, false, 10],
    ['down payment with a chosen variation → variation price', { ...deposit, ...withOption }, { variationId: 501 }, 12, false, 12],
    ['payFull on a normal product changes nothing', {}, { payFull: true }, 10, false, 10],
  ])('%s', (_, p, s, unit, deposits, full) => {
    expect(unitPrice(product(p), state(s))).toBe(unit);
    expect(paysDeposit(product(p), state(s))).toBe(deposits);
    expect(fullPrice(product(p), state(s))).toBe(full);
  });
});

describe('shownPrice: the price display rule read from the product and the choices (§4)', () => {
  const sale = { OnSale: true, ListPrice: 15, Price: 10 };
  const lowest = { LowestVariationPrice: 5, ...withOption };
  it.each<[string, Partial<Product>, Partial<FormState>, PriceDisplay]>([
    ['plain', {}, {}, { kind: 'plain', amount: '$10.00', approx: null }],
    ['on sale: ListPrice struck, SALE', sale, {}, { kind: 'sale', amount: '$10.00', struck: '$15.00', saleMark: 'SALE', approx: null }],
    ['on sale but ListPrice not higher: plain', { ...sale, ListPrice: 10 }, {}, { kind: 'plain', amount: '$10.00', approx: null }],
    ['on sale with a chosen variation: its price, no sale mark', { ...sale, ...withOption }, { variationId: 501 }, { kind: 'plain', amount: '$12.00', approx: null }],
    ['Starts at: until a variation is chosen', lowest, {}, { kind: 'starts-at', prefix: 'Starts at:', amount: '$5.00', approx: null }],
    ['the chosen variation sets the price', lowest, { variationId: 501 }, { kind: 'plain', amount: '$12.00', approx: null }],
    ['deposit while this add pays it', { ...deposit, ...sale }, {}, { kind: 'deposit', label: '(DEPOSIT)', amount: '$3.00', approx: null }],
    ['deposit product paid in full: the full price', deposit, { payFull: true }, { kind: 'plain', amount: '$10.00', approx: null }],
    ['reward-only: its price, no sale mark', { RewardRedemptionOnly: true, ...sale }, {}, { kind: 'reward', label: 'Reward Only', amount: '$10.00', approx: null }],
  ])('%s', (_, p, s, expected) => {
    expect(shownPrice(product(p), state(s), USD)).toEqual(expected);
  });
});

describe('offersExpressCheckout (§4, §6)', () => {
  it.each<[string, string, Partial<Product>, boolean]>([
    ['client id, normal product', 'cid', {}, true],
    ['no client id', '', {}, false],
    ['reward-only product', 'cid', { RewardRedemptionOnly: true }, false],
  ])('%s → %s', (_, clientId, p, expected) => {
    expect(offersExpressCheckout(product(p), clientId)).toBe(expected);
  });
});
