import { act, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { emit, EVENTS } from '../../../shared/events';
import { $region } from '../../../shared/stores/region';
import { currentCurrency, RegionDialog } from '../../../widgets/region-dialog/RegionDialog';

function open() {
  render(<RegionDialog />);
  act(() => emit(EVENTS.modalOpen, { id: 'region-dialog', source: 'header' }));
}

const link = (name: RegExp) => screen.getByRole('link', { name });

describe('region-dialog', () => {
  it.each([
    [{ factor: 1 }, 'USD'],
    [{ factor: 1.37 }, 'USDCAD'],
  ])('currentCurrency(%j) → %s', (region, expected) => {
    expect(currentCurrency(region)).toBe(expected);
  });

  it("opens by the modal event as 'Choose your region' with both region links and the help link", () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Choose your region' })).toBeTruthy();
    expect(link(/United States/).getAttribute('href')).toBe('/opt-in-localized?currency=USD');
    expect(link(/Canada/).getAttribute('href')).toBe('/opt-in-localized?currency=USDCAD');
    expect(link(/International buyers/).getAttribute('href')).toBe('/international-buyers');
  });

  it('a region link reads as its two lines, apart: "United States, Prices in US dollars (USD)"', () => {
    open();
    expect(link(/United States/).textContent).toBe('United States, Prices in US dollars (USD)');
  });

  it('marks USD as current with plain prices', () => {
    open();
    expect(link(/United States/).getAttribute('aria-current')).toBe('true');
    expect(link(/Canada/).hasAttribute('aria-current')).toBe(false);
  });

  it('marks CAD as current when prices are converted, and follows the store', () => {
    $region.set({ factor: 1.37, symbol: 'C$', country: 'CA' });
    open();
    expect(link(/Canada/).getAttribute('aria-current')).toBe('true');
    expect(link(/United States/).hasAttribute('aria-current')).toBe(false);
    act(() => $region.set({ factor: 1, symbol: '$', country: 'CA' }));
    expect(link(/United States/).getAttribute('aria-current')).toBe('true');
  });
});
