import type { ProductTeaser } from '../../../shared/api/schemas';

/**
 * A full, normalised teaser with neutral defaults: in stock (5), addable,
 * $10.00, no flags, no sale limit. Each case overrides only what it tests.
 */
export function teaser(overrides: Partial<ProductTeaser> = {}): ProductTeaser {
  return {
    id: 1,
    title: 'Test Box',
    slug: 'test-box',
    mainImage: null,
    mainImageTiny: null,
    mainImageMedium: null,
    price: 10,
    listPrice: 0,
    regPrice: 0,
    salePrice: 0,
    lowVar: 0,
    depositPrice: 0,
    downPayment: false,
    sale: false,
    isClearance: false,
    isNew: false,
    presale: false,
    releaseDate: null,
    isGroupBreak: false,
    breakDate: null,
    available: 5,
    saleLimit: 0,
    showATC: true,
    rewardRedemptionOnly: false,
    blockPool: false,
    blockPoolLogo: null,
    caseapalooza: false,
    isGuaranteedBreak: false,
    assignedBreaker: null,
    charity: null,
    wholesale: false,
    eligible: true,
    needsOptions: false,
    ...overrides,
  };
}
