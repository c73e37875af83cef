/** Shared setup of the search-bar tests: a rendered bar, typing, the auto-search calls and a clock stepped by hand. */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { SearchBar, type SearchBarProps } from '../../../widgets/search-bar/SearchBar';

export function bar(props: Partial<SearchBarProps> = {}) {
  return <SearchBar loggedIn={false} recentSearches={[]} variant="desktop" {...props} />;
}

export function setup(props: Partial<SearchBarProps> = {}) {
  render(bar(props));
  return screen.getByRole('combobox');
}

export const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
export const searches = () => backend.callsTo('/auto-search').map((c) => c.body.q);
export const options = () => screen.queryAllByRole('option');
export const status = () => screen.getByRole('status');

/** Types a query, lets the debounce run out and waits for the suggestions. */
export async function searchFor(input: HTMLElement, value: string) {
  type(input, value);
  await vi.advanceTimersByTimeAsync(500);
  await waitFor(() => expect(status().textContent).toMatch(/^\d+ results?$/));
}

/** shouldAdvanceTime lets MSW and axios run; the debounce is stepped by hand. */
export function useFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
