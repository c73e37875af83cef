/**
 * Search state shared by every search bar on the page (the desktop header
 * bar and the mobile one): trending searches load once per page, the first
 * time any bar opens (spec §4 Search), and clearing recent searches in one
 * bar empties them in both.
 */
import { atom, onMount } from 'nanostores';
import { clearUserSearches, getTrendingSearches } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';

export interface TrendingState {
  status: 'idle' | 'loading' | 'done' | 'failed';
  terms: string[];
}

export const $trending = atom<TrendingState>({ status: 'idle', terms: [] });

/** Bumped when no bar shows trending searches any more, so an answer from before is dropped. */
let generation = 0;

onMount($trending, () => () => {
  generation++;
  // An unfinished load is dropped: the next bar to open loads again.
  if ($trending.value?.status === 'loading') $trending.set({ status: 'idle', terms: [] });
});

/** Loads trending searches unless they were loaded (or tried) already. */
export function loadTrendingOnce(): void {
  if ($trending.get().status !== 'idle') return;
  const current = generation;
  $trending.set({ status: 'loading', terms: [] });
  getTrendingSearches().then(
    (answer) => {
      if (current === generation) $trending.set({ status: 'done', terms: answer.trending });
    },
    (error: unknown) => {
      if (current !== generation) return;
      // Once means once: a failed load is not retried on every open.
      logFailure('Loading trending searches', error);
      $trending.set({ status: 'failed', terms: [] });
    },
  );
}

export interface RecentState {
  /** null until the first bar seeds it from its props. */
  terms: string[] | null;
  clearing: boolean;
}

export const $recentSearches = atom<RecentState>({ terms: null, clearing: false });

/** The server-rendered list; the first bar to mount wins, so both bars agree. */
export function seedRecentSearches(terms: string[]): void {
  if ($recentSearches.get().terms === null) $recentSearches.set({ terms, clearing: false });
}

/** GET /clear-user-searches, then the list empties. A second click while it runs does nothing. */
export async function clearRecentSearches(): Promise<void> {
  const state = $recentSearches.get();
  if (state.clearing) return;
  $recentSearches.set({ ...state, clearing: true });
  try {
    await clearUserSearches();
    $recentSearches.set({ terms: [], clearing: false });
  } catch (error) {
    logFailure('Clearing recent searches', error);
    $recentSearches.set({ ...$recentSearches.get(), clearing: false });
  }
}
