import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/schemas';
import { buildCartAddPayload } from '../../../widgets/add-to-cart/rules';
import type { FormState } from '../../../widgets/add-to-cart/rules';
import { breaker, gift, giftOption, product, state, variation } from './factory';

const breakers = [breaker({ identifier: 'jim', location: 0 }), breaker({ identifier: 'pa', location: 3 })];
const context = { region: 'US', breakers };

const variationAttrs = { variation: { type: 'Size', value: 'Hobby', option_type: 'select', sku: 'BOX-100-H' } };
const charity = {
  charity_code: 'KIDS',
  monetary_type: 'percent',
  monetary_value: 5,
  charity_name: 'Kids Fund',
  charity_logo: '/img/kids.png',
};
const charityAttrs = {
  charity_code: 'KIDS',
  charity_type: 'percent',
  charity_value: 5,
  charity_name: 'Kids Fund',
  charity_logo: '/img/kids.png',
};

describe('buildCartAddPayload (§3 "Cart-add payload", §7 POST /cart/add-item)', () => {
  it('plain product: the base fields and no attributes', () => {
    expect(buildCartAddPayload(product(), state({ quantity: 2 }), context)).toStrictEqual({
      title: 'Test Box',
      quantity: 2,
      price: 10,
      attributes: {},
      id: 100,
      product_id: 100,
      region: 'US',
    });
  });

  it.each<[string, Partial<Product>, Partial<FormState>, { id: number; price: number }]>([
    ['no variation → product id and price', {}, {}, { id: 100, price: 10 }],
    ['variation → its id and price', { Options: [variation()] }, { variationId: 501 }, { id: 501, price: 12 }],
    ['deposit → deposit price', { DownPayment: true, DepositPrice: 3 }, {}, { id: 100, price: 3 }],
    ['full amount → full price', { DownPayment: true, DepositPrice: 3 }, { payFull: true }, { id: 100, price: 10 }],
  ])('%s', (_, p, s, expected) => {
    const payload = buildCartAddPayload(product(p), state(s), context);
    expect({ id: payload.id, price: payload.price }).toEqual(expected);
    expect(payload.product_id).toBe(100);
  });

  it.each([
    ['presale keeps the plain title', { Presale: true }, 'Test Box'],
    ['region passed through', {}, 'Test Box'],
  ])('%s', (_, p, title) => {
    const payload = buildCartAddPayload(product(p), state(), { region: 'CA', breakers });
    expect(payload.title).toBe(title);
    expect(payload.region).toBe('CA');
  });

  it.each<[string, Partial<Product>, Partial<FormState>, Record<string, unknown>]>([
    ['variation', { Options: [variation()] }, { variationId: 501 }, variationAttrs],
    ['down payment, paying the deposit', { DownPayment: true, DepositPrice: 3 }, {}, { downPayment: true, payup: 10, dpId: 100, payorder: false }],
    ['down payment, paying in full', { DownPayment: true, DepositPrice: 3 }, { payFull: true }, { downPayment: false, payup: 10, dpId: 100, payorder: false }],
    [
      'down payment with a variation',
      { DownPayment: true, DepositPrice: 3, Options: [variation()] },
      { variationId: 501 },
      { ...variationAttrs, downPayment: false, payup: 12, dpId: 100, payorder: false },
    ],
    ['live break at general stock', {}, { liveBreak: true, breakerId: 'jim' }, { breakLive: true, breakerSelected: 'jim', breakLocation: 0 }],
    ['live break at a warehouse', {}, { liveBreak: true, breakerId: 'pa' }, { breakLive: true, breakerSelected: 'pa', breakLocation: 3 }],
    ['breaker left over after unticking', {}, { breakerId: 'jim' }, {}],
    ['ticked without a breaker', {}, { liveBreak: true }, {}],
    ['live-break-only, breaker without tick', { LiveBreakOnly: true }, { breakerId: 'pa' }, { breakLive: true, breakerSelected: 'pa', breakLocation: 3 }],
    ['gift without options → gift product id', { AddOnProduct: gift() }, {}, { addon_id: 900 }],
    ['gift without options, opted out', { AddOnProduct: gift() }, { addonChoice: 'optout' }, {}],
    ['gift option chosen → option id', { AddOnProduct: gift({}, { Options: [giftOption()] }) }, { addonChoice: '901' }, { addon_id: 901 }],
    ['gift with options, opted out', { AddOnProduct: gift({}, { Options: [giftOption()] }) }, { addonChoice: 'optout' }, {}],
    ['gift with options, placeholder', { AddOnProduct: gift({}, { Options: [giftOption()] }) }, { addonChoice: '' }, {}],
    ['expires', { expires: '2025-12-31 23:59:59' }, {}, { expires: '2025-12-31 23:59:59' }],
    ['expires with a gift', { expires: '2025-12-31', AddOnProduct: gift() }, {}, { addon_id: 900, expires: '2025-12-31' }],
    ['charity', { ActiveCharity: charity }, {}, charityAttrs],
    ['charity without a logo', { ActiveCharity: { ...charity, charity_logo: null } }, {}, { ...charityAttrs, charity_logo: '' }],
    [
      'everything at once',
      {
        Options: [variation()],
        DownPayment: true,
        DepositPrice: 3,
        AddOnProduct: gift({}, { Options: [giftOption()] }),
        expires: '2025-12-31',
        ActiveCharity: charity,
      },
      { variationId: 501, liveBreak: true, breakerId: 'pa', addonChoice: '901' },
      {
        ...variationAttrs,
        downPayment: false,
        payup: 12,
        dpId: 100,
        payorder: false,
        breakLive: true,
        breakerSelected: 'pa',
        breakLocation: 3,
        addon_id: 901,
        expires: '2025-12-31',
        ...charityAttrs,
      },
    ],
  ])('attributes: %s', (_, p, s, attributes) => {
    expect(buildCartAddPayload(product(p), state(s), context).attributes).toStrictEqual(attributes);
  });
});
