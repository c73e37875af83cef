/** The seeded demo catalog covers every product state, each with a sample id. */
import { describe, expect, it } from 'vitest';
import { canAddToCart, needsOptions, productById, products, sampleIds, selectableOptions, toSearchResult, toTeaser, type RawProduct } from '../../../demo-pages/mock/catalog';
import { inCategory } from './raw';

const GENERAL = [0, 19];
const atWarehouse = (p: RawProduct, w: number) =>
  (p.product_stock ?? []).filter((r) => (r.product_stock_locations ?? []).some((l) => l.warehouse_id === w));

type StateRow = [state: string, key: keyof typeof sampleIds, predicate: (p: RawProduct) => boolean];

const states: StateRow[] = [
  ['reward-only', 'rewardOnly', (p) => p.RewardRedemptionOnly && !toTeaser(p).showATC],
  ['presale with stock', 'presaleWithStock', (p) => p.Presale && p.Available > 0 && !!p.ReleaseDate && canAddToCart(p)],
  ['presale without stock (Coming Soon!)', 'presaleWithoutStock', (p) => p.Presale && p.Available === 0 && !canAddToCart(p)],
  ['group break, 3 spots left', 'groupBreak3Spots', (p) => p.isGroupBreak && p.Available === 3 && !!p.breakDate],
  ['group break, 0 spots (SOLD OUT!)', 'groupBreakSoldOut', (p) => p.isGroupBreak && p.Available === 0 && !!p.breakDate],
  ['group break without a date (TBA)', 'groupBreakTba', (p) => p.isGroupBreak && p.breakDate === null && p.Available > 0],
  ['group break on sale', 'groupBreakOnSale', (p) => p.isGroupBreak && p.OnSale && !!p.breakDate],
  ['sale', 'sale', (p) => p.OnSale && !p.isClearance && p.regPrice > p.Price && p.salePrice === p.Price],
  ['clearance', 'clearance', (p) => p.OnSale && p.isClearance],
  ['new', 'isNew', (p) => p.isNew && canAddToCart(p) && !p.OnSale],
  ['new and out of stock (Notify me)', 'newOutOfStock', (p) => p.isNew && !canAddToCart(p) && !p.Presale],
  ['plain out of stock', 'outOfStock', (p) => !canAddToCart(p) && !p.isNew && !p.Presale && !p.RewardRedemptionOnly && !p.isGroupBreak],
  ['LAST ONE (1 available, no sale limit)', 'lastOne', (p) => p.Available === 1 && p.SaleQuantityLimit === 0 && canAddToCart(p)],
  ['1 available but with a sale limit (no LAST ONE)', 'singleWithLimit', (p) => p.Available === 1 && p.SaleQuantityLimit >= 1],
  ['deposit / down payment', 'deposit', (p) => p.DownPayment && p.DepositPrice > 0 && p.DepositPrice < p.Price],
  [
    'variations, some not selectable (quantity 0 / price 0)',
    'variations',
    (p) => {
      const opts = p.Options ?? [];
      return (
        selectableOptions(p).length > 0 &&
        opts.some((o) => o.quantity === 0) &&
        opts.some((o) => o.price === 0) &&
        needsOptions(p) &&
        p.LowestVariationPrice === Math.min(...selectableOptions(p).map((o) => o.price))
      );
    },
  ],
  ["lowest variation price ('Starts at')", 'startsAt', (p) => p.LowestVariationPrice > 0 && toTeaser(p).lowVar > 0],
  [
    'add-on gift that multiplies',
    'giftMultiplies',
    (p) => !!p.AddOnProduct?.addon.gift_quantity_multiplies && (p.AddOnProduct.product.Options ?? []).length === 0,
  ],
  [
    'add-on gift that does not multiply (or more)',
    'giftOnce',
    (p) => p.AddOnProduct?.addon.gift_quantity_multiplies === false && p.AddOnProduct.addon.quantity_required > 1,
  ],
  [
    'add-on gift with options',
    'giftWithOptions',
    (p) => {
      const gift = p.AddOnProduct?.product;
      return (
        !!gift &&
        (gift.Options ?? []).length > 1 &&
        (gift.variation_product_stocks ?? []).length === (gift.Options ?? []).length &&
        needsOptions(p) &&
        toTeaser(p).needsOptions
      );
    },
  ],
  ['live-break-only', 'liveBreakOnly', (p) => p.LiveBreakOnly && p.break_eligible && toTeaser(p).needsOptions],
  [
    'break-eligible with stock at warehouses 7 and 12 and general stock',
    'warehouseStock',
    (p) =>
      p.break_eligible &&
      atWarehouse(p, 7).some((r) => r.quantity > 0) &&
      atWarehouse(p, 12).length > 0 &&
      GENERAL.some((w) => atWarehouse(p, w).some((r) => r.quantity > 0)) &&
      p.AvailableToShip < p.Available,
  ],
  [
    'break-eligible with general stock 0, stock only at a warehouse',
    'warehouseStockOnly',
    (p) => p.break_eligible && p.AvailableToShip === 0 && atWarehouse(p, 7).some((r) => r.quantity > 0),
  ],
  ['block pool with logo', 'blockPool', (p) => p.BlockPool && !!p.BlockPoolLogo && p.BlockPoolSpotsEligible > 0],
  ['charity', 'charity', (p) => !!p.ActiveCharity?.charity_name && !!toTeaser(p).charity?.charity_logo],
  ['ineligible to ship', 'ineligible', (p) => p.Eligible === false && toTeaser(p).eligible === false],
  ['title with HTML in it', 'htmlTitle', (p) => p.title.includes('<img src=x onerror=alert(1)>')],
  [
    'no image at all',
    'noImage',
    (p) => p.MainImage === null && toTeaser(p).mainImage === null && toSearchResult(p).MainImage === null,
  ],
  ['wholesale', 'wholesale', (p) => p.wholesale],
  ['caseapalooza', 'caseapalooza', (p) => p.caseapalooza && p.isGroupBreak],
  ['supply (cheap)', 'supply', (p) => inCategory(p, 'Supplies') && p.Price < 15],
];

describe('covers every product state', () => {
  it.each(states)('%s', (_state, key, predicate) => {
    const p = productById(sampleIds[key]);
    expect(p, `sampleIds.${key}`).toBeDefined();
    expect(predicate(p!)).toBe(true);
  });

  it('every sample id is a state row', () => {
    const covered = new Set(states.map(([, key]) => key));
    expect(Object.keys(sampleIds).filter((k) => k !== 'plain' && !covered.has(k as keyof typeof sampleIds))).toEqual([]);
  });

  it('several cheap supplies exist', () => {
    expect(products.filter((p) => inCategory(p, 'Supplies') && p.Price < 15).length).toBeGreaterThanOrEqual(6);
  });
});
