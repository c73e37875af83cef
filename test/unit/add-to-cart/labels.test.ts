import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/schemas';
import { buttonLabel, displayTitle, formBadges, lastOneAvailable, productNotices } from '../../../widgets/add-to-cart/rules';
import type { FormBadge, NoticeKind } from '../../../widgets/add-to-cart/rules';
import { product } from './factory';

describe('presale title and button (§5 "Presale")', () => {
  it.each([
    [false, 'Test Box', 'Add to Cart'],
    [true, 'Test Box - Presale', 'Preorder'],
  ])('Presale %s → %j, %j', (Presale, title, label) => {
    expect(displayTitle(product({ Presale }))).toBe(title);
    expect(buttonLabel(product({ Presale }))).toBe(label);
  });
});

describe('lastOneAvailable (§4: exactly one left, no sale limit)', () => {
  it.each([
    [1, 0, 'Last one available!'],
    [1, -1, 'Last one available!'],
    [1, 1, null],
    [1, 3, null],
    [2, 0, null],
    [0, 0, null],
  ])('available %i, SaleQuantityLimit %i → %j', (available, SaleQuantityLimit, expected) => {
    expect(lastOneAvailable(product({ SaleQuantityLimit }), available)).toBe(expected);
  });
});

describe('productNotices (§4, §6)', () => {
  it.each<[string, Partial<Product>, NoticeKind[]]>([
    ['plain product', {}, []],
    ['reward-only', { RewardRedemptionOnly: true }, ['reward-only']],
    ['live-break-only', { LiveBreakOnly: true }, ['live-break-only']],
    ['not eligible', { Eligible: false }, ['ineligible']],
    ['all three, in order', { RewardRedemptionOnly: true, LiveBreakOnly: true, Eligible: false }, ['reward-only', 'live-break-only', 'ineligible']],
  ])('%s', (_, p, kinds) => {
    expect(productNotices(product(p)).map((n) => n.kind)).toEqual(kinds);
  });

  it.each<[Partial<Product>, string, { text: string; href: string } | undefined]>([
    [{ RewardRedemptionOnly: true }, 'This product is only available within the Rewards Program.', { text: 'Rewards Program', href: '/claim-loyalty-rewards' }],
    [{ LiveBreakOnly: true }, 'This product is only available for live break during break hours.', undefined],
    [{ Eligible: false }, 'This item may be ineligible to ship to your country', undefined],
  ])('%j → %j', (p, text, link) => {
    const [notice] = productNotices(product(p));
    expect(notice?.text).toBe(text);
    expect(notice?.link).toEqual(link);
    if (link) expect(text).toContain(link.text);
  });
});

describe('formBadges: presale, Block Pool, charity, in that order', () => {
  const charity = { charity_code: 'C1', monetary_type: 'percent', monetary_value: 5, charity_name: 'Kids Read', charity_logo: '/c.png' };
  it.each<[string, Partial<Product>, boolean, FormBadge[]]>([
    ['none', {}, true, []],
    ['presale with a release date', { Presale: true, ReleaseDate: '2027-01-30' }, true, [{ kind: 'presale', text: 'Presale · Releases Jan 30, 2027', logo: null }]],
    ['presale with an unreadable date: as sent', { Presale: true, ReleaseDate: 'Spring 2027' }, true, [{ kind: 'presale', text: 'Presale · Releases Spring 2027', logo: null }]],
    ['presale without a date', { Presale: true }, true, [{ kind: 'presale', text: 'Presale', logo: null }]],
    ['presale where the title says it already (quick-add)', { Presale: true }, false, []],
    ['Block Pool with spots and logo', { BlockPool: true, BlockPoolSpotsEligible: 3, BlockPoolLogo: '/p.png' }, true, [{ kind: 'pool', text: 'Block Pool eligible · 3 spots', logo: '/p.png' }]],
    ['Block Pool without spots', { BlockPool: true }, true, [{ kind: 'pool', text: 'Block Pool eligible', logo: null }]],
    [
      'all three',
      { Presale: true, BlockPool: true, ActiveCharity: charity },
      true,
      [
        { kind: 'presale', text: 'Presale', logo: null },
        { kind: 'pool', text: 'Block Pool eligible', logo: null },
        { kind: 'charity', text: 'Supports Kids Read', logo: '/c.png' },
      ],
    ],
  ])('%s', (_, p, showPresale, expected) => {
    expect(formBadges(product(p), showPresale)).toEqual(expected);
  });
});
