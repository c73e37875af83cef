import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { trending } from '../../../demo-pages/mock/catalog';
import { parsePageConfig, setPageConfig } from '../../../shared/config';
import { $region } from '../../../shared/stores/region';
import { COMING_SOON_SRC } from '../../../shared/ui/ProductImage';
import island from '../../../widgets/search-bar/island';
import { SearchBar, type SearchBarProps } from '../../../widgets/search-bar/SearchBar';
import { hook } from '../hook';

beforeEach(() => {
  // shouldAdvanceTime lets MSW and axios run; the debounce is stepped by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function bar(props: Partial<SearchBarProps> = {}) {
  return <SearchBar loggedIn={false} recentSearches={[]} variant="desktop" {...props} />;
}

function setup(props: Partial<SearchBarProps> = {}) {
  render(bar(props));
  return screen.getByRole('combobox');
}

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const searches = () => backend.callsTo('/auto-search').map((c) => c.body.q);
const options = () => screen.queryAllByRole('option');
const status = () => screen.getByRole('status');

/** Types a query, lets the debounce run out and waits for the suggestions. */
async function searchFor(input: HTMLElement, value: string) {
  type(input, value);
  await vi.advanceTimersByTimeAsync(500);
  await waitFor(() => expect(status().textContent).toMatch(/^\d+ results?$/));
}

describe('search-bar form (spec §5 Search)', () => {
  it('is a GET form to /search with field q and maxlength 80', () => {
    const input = setup();
    const form = input.closest('form')!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.getAttribute('name')).toBe('q');
    expect(input.getAttribute('maxlength')).toBe('80');
    expect(screen.getByRole('search')).toBe(form);
  });

  it('disables the submit button while the query is empty or whitespace', () => {
    const input = setup();
    const submit = screen.getByRole('button', { name: 'Search' });
    expect(submit).toHaveProperty('disabled', true);
    type(input, '   ');
    expect(submit).toHaveProperty('disabled', true);
    type(input, ' a');
    expect(submit).toHaveProperty('disabled', false);
    type(input, '');
    expect(submit).toHaveProperty('disabled', true);
  });

  it('never keeps more than 80 characters, even when pasted past maxlength', async () => {
    const input = setup();
    type(input, 'x'.repeat(100));
    expect((input as HTMLInputElement).value).toHaveLength(80);
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['x'.repeat(80)]));
  });
});

describe('auto-search (spec §4, §5, §9)', () => {
  it('sends nothing under 3 characters, and the trending panel shows instead', async () => {
    const input = setup();
    act(() => input.focus());
    type(input, 'p');
    type(input, 'po');
    type(input, '  po  ');
    await vi.advanceTimersByTimeAsync(2000);
    expect(searches()).toEqual([]);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Trending Searches' })).toBeTruthy());
  });

  it('sends one request after 500 ms of quiet, with the last query', async () => {
    backend.delay('/auto-search', 100);
    const input = setup();
    act(() => input.focus());
    type(input, 'pok');
    await vi.advanceTimersByTimeAsync(300);
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(300);
    expect(searches()).toEqual([]); // 600 ms after 'pok', but only 300 ms of quiet
    await vi.advanceTimersByTimeAsync(250);
    await waitFor(() => expect(searches()).toEqual(['poke']));
    expect(status().textContent).toBe('Loading results…');
    await waitFor(() => expect(status().textContent).toBe('14 results'));
    expect(options()).toHaveLength(8);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await vi.advanceTimersByTimeAsync(2000);
    expect(searches()).toEqual(['poke']);
  });

  it('never shows a slow answer for an older query', async () => {
    backend.delay('/auto-search', (body) => (body.q === 'pok' ? 800 : 10));
    const input = setup();
    act(() => input.focus());
    type(input, 'pok');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['pok']));
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['pok', 'poke']));
    const marks = () => [...document.querySelectorAll('[role="option"] mark')].map((m) => m.textContent);
    await waitFor(() => expect(marks()[0]).toBe('Poké'));
    // Well past the moment the 'pok' answer would have arrived.
    await vi.advanceTimersByTimeAsync(1500);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(new Set(marks())).toEqual(new Set(['Poké']));
    expect(screen.queryByRole('link', { name: 'View All Results' })?.getAttribute('href')).toBe('/search?q=poke');
  });

  it('ignores a failure silently: old suggestions go, nothing is shown, nothing is thrown', async () => {
    const errors = vi.spyOn(console, 'error');
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'poke');
    expect(options().length).toBeGreaterThan(0);

    backend.fail('/auto-search', '500');
    type(input, 'pokemon');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['poke', 'pokemon']));
    await waitFor(() => expect(options()).toHaveLength(0));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('treats a malformed answer like a failure', async () => {
    backend.fail('/auto-search', 'malformed');
    const input = setup();
    act(() => input.focus());
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['poke']));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(options()).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows View All Results only with more than 3 results', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, '151');
    expect(status().textContent).toBe('2 results');
    expect(screen.queryByRole('link', { name: 'View All Results' })).toBeNull();
    await searchFor(input, 'topps chrome');
    expect(status().textContent).toBe('4 results');
    expect(screen.getByRole('link', { name: 'View All Results' }).getAttribute('href')).toBe('/search?q=topps+chrome');
  });
});

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

describe('search-bar island', () => {
  it('mounts from data-props', () => {
    const host = hook('search-bar', { loggedIn: true, recentSearches: ['x'], variant: 'mobile' });
    const unmount = island.mount(host);
    expect(host.querySelector('[role="combobox"]')).not.toBeNull();
    expect(host.querySelector('.sfw-search-bar--mobile')).not.toBeNull();
    unmount();
  });

  it('a bad optional prop logs one warning naming the field and takes its default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const host = hook('search-bar', { variant: 'tablet', loggedIn: 1 });
    const unmount = island.mount(host);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/search-bar: dropped field "variant"/);
    expect(host.querySelector('[role="combobox"]')).not.toBeNull();
    expect(host.querySelector('.sfw-search-bar--mobile')).toBeNull();
    unmount();
  });
});

describe('search-bar: the user from the page config (issue 13)', () => {
  const recentTerms = async () => {
    const recent = await screen.findByRole('group', { name: 'Recent Searches' });
    return within(recent).getAllByRole('option').map((o) => o.textContent);
  };

  it('a bar without loggedIn/recentSearches props shows the config user’s saved searches, and makes no call at load', async () => {
    setPageConfig(parsePageConfig({ user: { loggedIn: true, recentSearches: ['from config'] } }));
    const host = hook('search-bar', {});
    island.mount(host);
    await vi.advanceTimersByTimeAsync(100);
    expect(backend.calls).toEqual([]);
    act(() => screen.getByRole('combobox').focus());
    expect(await recentTerms()).toEqual(['from config']);
  });

  it('props win over the config', async () => {
    setPageConfig(parsePageConfig({ user: { loggedIn: false, recentSearches: ['from config'] } }));
    island.mount(hook('search-bar', { loggedIn: true, recentSearches: ['from props'] }));
    act(() => screen.getByRole('combobox').focus());
    expect(await recentTerms()).toEqual(['from props']);
  });

  it('a logged-out config user sees no Recent Searches', async () => {
    setPageConfig(parsePageConfig({ user: { loggedIn: false, recentSearches: ['from config'] } }));
    island.mount(hook('search-bar', {}));
    act(() => screen.getByRole('combobox').focus());
    await waitFor(() => expect(options()).toHaveLength(trending.length));
    expect(screen.queryByRole('group', { name: 'Recent Searches' })).toBeNull();
  });
});
