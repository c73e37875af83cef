/** The search-bar's suggestions, trending and recent searches. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { trending } from '../../../demo-pages/mock/catalog';
import { $region } from '../../../shared/stores/region';
import { COMING_SOON_SRC } from '../../../shared/ui/ProductImage';
import { bar, options, searches, searchFor, setup, useFakeClock } from './bar';

useFakeClock();

describe('suggestions', () => {
  it('link to /{slug}, highlight the typed words as text, and never render HTML from titles', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'mystery');
    const option = options()[0]!;
    expect(option.getAttribute('href')).toBe('/pokemon-mystery-power-box');
    expect(option.querySelector('mark')?.textContent).toBe('Mystery');
    expect(option.textContent).toContain('Pokémon Mystery Power Box <img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(option.querySelector('img')?.getAttribute('width')).toBe('48');
  });

  it('show the search price rules in the display currency with the US note', async () => {
    $region.set({ factor: 1.37, symbol: 'C$', country: 'CA' });
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'charizard');
    const reward = options().find((o) => o.textContent?.includes('Super-Premium'))!;
    expect(reward.textContent).toContain('C$164.39 Reward Only Approx. $119.99 US');
  });

  it('uses the coming-soon placeholder when a result has no image', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'best vol');
    const img = options()[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(COMING_SOON_SRC);
  });
});

describe('trending and recent searches (spec §4 Search, §6)', () => {
  it('loads trending once, the first time any bar opens', async () => {
    render(
      <>
        {bar()}
        {bar({ variant: 'mobile' })}
      </>,
    );
    const [first, second] = screen.getAllByRole('combobox') as [HTMLElement, HTMLElement];
    expect(backend.callsTo('/trending-searches/load')).toHaveLength(0); // not before opening
    act(() => first.focus());
    await waitFor(() => expect(within(first.parentElement!.parentElement!).getAllByRole('option')).toHaveLength(trending.length));
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getAllByRole('group', { name: 'Trending Searches' })[0]!).getAllByRole('option')[0]!.getAttribute('href')).toBe(
      '/search?q=pokemon+151',
    );

    fireEvent.keyDown(first, { key: 'Escape' });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    fireEvent.focusOut(first.parentElement!.parentElement!, { relatedTarget: null });
    act(() => second.focus());
    expect(second.getAttribute('aria-expanded')).toBe('true');
    await vi.advanceTimersByTimeAsync(100);
    expect(backend.callsTo('/trending-searches/load')).toHaveLength(1);
  });

  it('shows Recent Searches only to logged-in shoppers', async () => {
    const input = setup({ loggedIn: false, recentSearches: ['pokemon 151'] });
    act(() => input.focus());
    await waitFor(() => expect(options()).toHaveLength(trending.length));
    expect(screen.queryByRole('group', { name: 'Recent Searches' })).toBeNull();
    expect(screen.queryByRole('button', { name: /clear/i })).toBeNull();
  });

  it('clears Recent Searches with one GET, in every bar, even on a double click', async () => {
    backend.delay('/clear-user-searches', 50);
    render(
      <>
        {bar({ loggedIn: true, recentSearches: ['my search', 'topps chrome'] })}
        {bar({ loggedIn: true, recentSearches: ['my search', 'topps chrome'], variant: 'mobile' })}
      </>,
    );
    const [first, second] = screen.getAllByRole('combobox') as [HTMLElement, HTMLElement];
    act(() => first.focus());
    const recent = await screen.findByRole('group', { name: 'Recent Searches' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['my search', 'topps chrome']);

    const clear = screen.getByRole('button', { name: 'Clear Recent Searches' });
    fireEvent.click(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Recent Searches' })).toBeNull());
    expect(backend.callsTo('/clear-user-searches')).toHaveLength(1);
    expect(document.activeElement).toBe(first);

    act(() => second.focus());
    expect(screen.queryByRole('group', { name: 'Recent Searches' })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('group', { name: 'Trending Searches' }).length).toBeGreaterThan(0));
  });

  it('keeps Recent Searches when clearing fails', async () => {
    backend.fail('/clear-user-searches', '500');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = setup({ loggedIn: true, recentSearches: ['my search'] });
    act(() => input.focus());
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Recent Searches' }));
    await waitFor(() => expect(backend.callsTo('/clear-user-searches')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear Recent Searches' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('group', { name: 'Recent Searches' })).toBeTruthy();
  });
});
