import { describe, expect, it } from 'vitest';
import { shippingNotice, stockMessage, type StockMessage } from '../../../widgets/teaser-card/rules';
import { teaser } from './factory';

const LAST_ONE: StockMessage = { kind: 'last-one', text: 'LAST ONE' };
const COMING_SOON: StockMessage = { kind: 'coming-soon', text: 'Coming Soon!' };
const NOTIFY: StockMessage = { kind: 'notify', text: 'Notify me when available' };
const OUT: StockMessage = { kind: 'out-of-stock', text: 'Out of stock' };
const SOLD_OUT: StockMessage = { kind: 'sold-out', text: 'SOLD OUT!' };
const spots = (n: number): StockMessage => ({ kind: 'spots-left', text: `Only ${n} Spots Left!` });

describe('stockMessage (spec §4 Stock messages)', () => {
  it.each<[string, Parameters<typeof teaser>[0], StockMessage | null]>([
    ['in stock, addable: no message', { available: 5 }, null],
    // LAST ONE: available exactly 1, addable, saleLimit below 1
    ['LAST ONE at available 1, saleLimit 0', { available: 1, saleLimit: 0 }, LAST_ONE],
    ['no LAST ONE at available 2', { available: 2 }, null],
    ['no LAST ONE at available 0', { available: 0 }, null],
    ['no LAST ONE with saleLimit 1', { available: 1, saleLimit: 1 }, null],
    ['no LAST ONE when it cannot be added', { available: 1, showATC: false }, OUT],
    // Coming Soon!: available below 1 and presale
    ['Coming Soon! at available 0 and presale', { available: 0, presale: true }, COMING_SOON],
    ['Coming Soon! at negative available and presale', { available: -1, presale: true }, COMING_SOON],
    ['Coming Soon! beats Notify when presale and new', { available: 0, presale: true, isNew: true, showATC: false }, COMING_SOON],
    ['no Coming Soon! at available 1 presale (LAST ONE instead)', { available: 1, presale: true }, LAST_ONE],
    ['presale, available, not addable, not new: no message', { available: 3, presale: true, showATC: false }, null],
    // Notify me when available: cannot be added and new
    ['Notify when not addable and new', { showATC: false, isNew: true }, NOTIFY],
    ['Notify when not addable, new and available 0', { showATC: false, isNew: true, available: 0 }, NOTIFY],
    ['Notify when presale and new but still available', { showATC: false, isNew: true, presale: true, available: 2 }, NOTIFY],
    ['new and addable: no message', { isNew: true }, null],
    // Out of stock: cannot be added, neither presale nor new
    ['Out of stock when not addable', { showATC: false, available: 0 }, OUT],
    ['available 0 but addable, not presale: no message', { available: 0 }, null],
    // Group breaks: fewer than 10 spots
    ['group break, available 0: SOLD OUT!', { isGroupBreak: true, available: 0 }, SOLD_OUT],
    ['group break, available 1: spots left (beats LAST ONE)', { isGroupBreak: true, available: 1 }, spots(1)],
    ['group break, available 2', { isGroupBreak: true, available: 2 }, spots(2)],
    ['group break, available 9', { isGroupBreak: true, available: 9 }, spots(9)],
    ['group break, available 10: no message', { isGroupBreak: true, available: 10 }, null],
    ['group break SOLD OUT! beats Coming Soon!', { isGroupBreak: true, available: 0, presale: true }, SOLD_OUT],
    ['group break SOLD OUT! beats Out of stock', { isGroupBreak: true, available: 0, showATC: false }, SOLD_OUT],
    ['group break with 10+, not addable: general rules', { isGroupBreak: true, available: 10, showATC: false }, OUT],
    ['not a group break, available 9: no message', { available: 9 }, null],
  ])('%s', (_, overrides, expected) => {
    expect(stockMessage(teaser(overrides))).toEqual(expected);
  });
});

describe('shippingNotice', () => {
  it.each<[string, Parameters<typeof teaser>[0], string | null]>([
    ['not eligible', { eligible: false }, 'This item may be ineligible to ship to your country'],
    ['eligible', { eligible: true }, null],
    ['eligibility missing', { eligible: undefined }, null],
  ])('%s', (_, overrides, expected) => {
    expect(shippingNotice(teaser(overrides))).toBe(expected);
  });
});
