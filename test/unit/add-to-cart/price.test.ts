import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/schemas';
import { depositMessage, fullPrice, paysDeposit, unitPrice } from '../../../widgets/add-to-cart/rules';
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

  it('deposit message is the spec text', () => {
    expect(depositMessage).toBe(
      "By making a down payment, you are agreeing to pay the full balance amount upon the product's release",
    );
  });
});
