/** The add-to-cart form: variations, live break and quantity. */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { catalog, pick, show, typeQuantity } from './form';

describe('variations, live break, quantity', () => {
  it('lists only selectable variations and choosing one sets the price shown', () => {
    show(catalog(sampleIds.variations));
    const options = [...(screen.getByLabelText('Format') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Choose an option', 'Single Pack – $5.99', '12-Pack Bundle – $64.99']);
    expect(screen.getByText('Starts at:', { exact: false })).toBeTruthy();
    pick('Format', '1704');
    expect(screen.queryByText('Starts at:', { exact: false })).toBeNull();
    expect(screen.getByText('$64.99', { selector: '.sfw-add-to-cart__amount' })).toBeTruthy();
  });

  it('ticking live break reveals the eligible breakers only, with their next live time', async () => {
    show(catalog(sampleIds.warehouseStock)); // baseball, 4 to ship, 6 at warehouse 7
    expect(screen.queryByRole('group', { name: 'Choose a breaker' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Open it on a live break'));
    await screen.findByLabelText(/Main Stage/);
    const names = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value);
    expect(names).toEqual(['Main Stage', 'Sports Room (Warehouse 7)']); // TCG Room: no stock; Vintage: other category
    expect(screen.getByLabelText(/Sports Room/).closest('label')!.textContent).toMatch(/Next live: .*Nov 23.*12:00 PM [–-] 4:00 PM EST/);
    expect(screen.getByText('4 available')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Sports Room/));
    expect(screen.getByText('6 available')).toBeTruthy();
  });

  it('+ stops at the available quantity and then shows the over-demand error; − keeps 1', () => {
    show(catalog(40)); // 2 available
    const input = screen.getByLabelText('Qty') as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    expect(screen.getByRole('alert').textContent).toBe('Sorry, only 2 available.');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input.value).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the quantity control is disabled with under 2 available and until a variation is chosen', () => {
    show(catalog(sampleIds.lastOne));
    expect((screen.getByLabelText('Qty') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Last one available!')).toBeTruthy();
  });

  it('a variation choice with less stock brings the quantity down', () => {
    show(catalog(sampleIds.startsAt)); // Hobby 10, Sapphire 2
    pick(/Format/, '2601');
    typeQuantity('8');
    pick(/Format/, '2603');
    expect((screen.getByLabelText('Qty') as HTMLInputElement).value).toBe('2');
  });
});
