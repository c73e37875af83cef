/** The search-bar as a WAI-ARIA combobox: keyboard and ids. */
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { bar, options, searchFor, setup, useFakeClock } from './bar';

useFakeClock();

describe('combobox keyboard (WAI-ARIA APG)', () => {
  it('ArrowDown/ArrowUp move the active option with wrapping; Escape closes and clears it', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, '151');
    const [a, b] = options() as [HTMLElement, HTMLElement];
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(a.id);
    expect(a.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(b.id);
    expect(a.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(a.id); // wraps to the first
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(b.id); // wraps to the last

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(input, { key: 'ArrowDown' }); // reopens on the first option
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(a.id);
  });

  it('gives two bars on one page distinct ids', () => {
    render(
      <>
        {bar()}
        {bar({ variant: 'mobile' })}
      </>,
    );
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const [a, b] = screen.getAllByRole('combobox');
    expect(a!.getAttribute('aria-controls')).not.toBe(b!.getAttribute('aria-controls'));
  });
});
