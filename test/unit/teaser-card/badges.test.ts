import { describe, expect, it } from 'vitest';
import { badgeLabel, teaserBadges, type Badge } from '../../../widgets/teaser-card/rules';
import { teaser } from './factory';

const LOGO = 'https://cdn.example/logo.png';

describe('teaserBadges (spec §4 Badges on a product card)', () => {
  it.each<[string, Parameters<typeof teaser>[0], Badge[]]>([
    ['neutral product: no badges', {}, []],
    // Reward-only
    ['reward-only shows only Reward Only', { rewardRedemptionOnly: true }, [{ kind: 'reward', text: 'Reward Only' }]],
    [
      'reward-only hides every other badge',
      {
        rewardRedemptionOnly: true, sale: true, isClearance: true, presale: true, releaseDate: '2025-06-01',
        isGroupBreak: true, isNew: true, blockPool: true, charity: { charity_logo: LOGO }, caseapalooza: true,
      },
      [{ kind: 'reward', text: 'Reward Only' }],
    ],
    // Not on sale
    ['presale with its release date', { presale: true, releaseDate: '2025-06-01' }, [{ kind: 'presale', text: 'Presale', date: '2025-06-01' }]],
    ['presale without a release date', { presale: true }, [{ kind: 'presale', text: 'Presale' }]],
    ['group break with its break date', { isGroupBreak: true, breakDate: 'Jun 3, 8 PM' }, [{ kind: 'break-date', text: 'Jun 3, 8 PM' }]],
    ['group break without a date: TBA', { isGroupBreak: true, breakDate: null }, [{ kind: 'break-date', text: 'TBA' }]],
    ['group break with an empty date: TBA', { isGroupBreak: true, breakDate: '' }, [{ kind: 'break-date', text: 'TBA' }]],
    ['new product', { isNew: true }, [{ kind: 'new', text: 'New!' }]],
    [
      'not on sale: presale, break date and new stack in spec order',
      { presale: true, releaseDate: '2025-06-01', isGroupBreak: true, breakDate: 'Jun 3', isNew: true },
      [
        { kind: 'presale', text: 'Presale', date: '2025-06-01' },
        { kind: 'break-date', text: 'Jun 3' },
        { kind: 'new', text: 'New!' },
      ],
    ],
    ['clearance flag alone (not on sale) shows nothing', { isClearance: true }, []],
    // On sale
    ['on sale: Sale', { sale: true }, [{ kind: 'sale', text: 'Sale' }]],
    ['on sale and clearance: Clearance instead of Sale', { sale: true, isClearance: true }, [{ kind: 'clearance', text: 'Clearance' }]],
    [
      'on sale group break: break date then Sale',
      { sale: true, isGroupBreak: true, breakDate: 'Jun 3' },
      [{ kind: 'break-date', text: 'Jun 3' }, { kind: 'sale', text: 'Sale' }],
    ],
    [
      'on sale group break without date: TBA then Clearance',
      { sale: true, isClearance: true, isGroupBreak: true },
      [{ kind: 'break-date', text: 'TBA' }, { kind: 'clearance', text: 'Clearance' }],
    ],
    ['on sale hides Presale and New!', { sale: true, presale: true, releaseDate: '2025-06-01', isNew: true }, [{ kind: 'sale', text: 'Sale' }]],
    // Extras
    ['block pool carries its logo', { blockPool: true, blockPoolLogo: LOGO }, [{ kind: 'block-pool', text: 'Block Pool', logo: LOGO }]],
    ['block pool without a logo', { blockPool: true }, [{ kind: 'block-pool', text: 'Block Pool' }]],
    ['block pool logo without the flag shows nothing', { blockPoolLogo: LOGO }, []],
    ['charity carries its logo', { charity: { charity_logo: LOGO, charity_name: 'Kids' } }, [{ kind: 'charity', text: 'Charity', logo: LOGO }]],
    ['caseapalooza', { caseapalooza: true }, [{ kind: 'caseapalooza', text: 'Caseapalooza' }]],
    [
      'guaranteed break shows the assigned breaker location',
      { isGuaranteedBreak: true, assignedBreaker: { location: 'Pittsburgh', img: LOGO } },
      [{ kind: 'guaranteed-break', text: 'Pittsburgh', logo: LOGO }],
    ],
    ['guaranteed break without an assigned breaker shows nothing', { isGuaranteedBreak: true }, []],
    ['guaranteed break with an empty location shows nothing', { isGuaranteedBreak: true, assignedBreaker: { location: '' } }, []],
    [
      'extras follow the spec badges, in a fixed order',
      {
        sale: true, isGroupBreak: true, breakDate: 'Jun 3', blockPool: true, charity: {}, caseapalooza: true,
        isGuaranteedBreak: true, assignedBreaker: { location: 'Vegas' },
      },
      [
        { kind: 'break-date', text: 'Jun 3' },
        { kind: 'sale', text: 'Sale' },
        { kind: 'block-pool', text: 'Block Pool' },
        { kind: 'charity', text: 'Charity' },
        { kind: 'caseapalooza', text: 'Caseapalooza' },
        { kind: 'guaranteed-break', text: 'Vegas' },
      ],
    ],
  ])('%s', (_, overrides, expected) => {
    expect(teaserBadges(teaser(overrides))).toEqual(expected);
  });
});

describe('badgeLabel', () => {
  it.each<[string, Badge[], string]>([
    ['no badges', [], ''],
    ['one badge', [{ kind: 'reward', text: 'Reward Only' }], 'Reward Only'],
    ['joins texts in order', [{ kind: 'break-date', text: 'TBA' }, { kind: 'sale', text: 'Sale' }], 'TBA, Sale'],
    ['includes a visible date', [{ kind: 'presale', text: 'Presale', date: '2025-06-01' }, { kind: 'new', text: 'New!' }], 'Presale 2025-06-01, New!'],
    ['ignores logos', [{ kind: 'block-pool', text: 'Block Pool', logo: LOGO }], 'Block Pool'],
  ])('%s', (_, badges, expected) => {
    expect(badgeLabel(badges)).toBe(expected);
  });
});
