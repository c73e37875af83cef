/** The search-bar island: its props, and the user from the page config. */
import { act, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { trending } from '../../../demo-pages/mock/catalog';
import { parsePageConfig, setPageConfig } from '../../../shared/config';
import island from '../../../widgets/search-bar/island';
import { hook } from '../hook';
import { bar, options, searches, useFakeClock } from './bar';

useFakeClock();

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

describe('search-bar: the user from the page config', () => {
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
