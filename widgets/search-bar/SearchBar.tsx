/**
 * The header search bar (spec §2 Header, §4 Search, §5 Search): a GET form
 * to /search with field q, live suggestions as a WAI-ARIA APG combobox, and
 * a panel of Recent Searches and Trending Searches for short queries (the
 * popup itself is Suggestions.tsx).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { autoSearch } from '../../shared/api/calls';
import type { SearchResultItem } from '../../shared/api/schemas';
import { productPath } from '../../shared/safe-url';
import { $openPanel } from '../../shared/stores/panels';
import { $region } from '../../shared/stores/region';
import { DEBOUNCE_MS, MAX_QUERY_LENGTH, announcement, isBlank, searchHref, searchTerm, shouldSearch } from './rules';
import { Suggestions } from './Suggestions';
import { $recentSearches, $trending, clearRecentSearches, loadTrendingOnce, seedRecentSearches } from './store';
import { useMounted, usePageId } from '../../shared/ui/use-page-id';
import { readPageConfig } from '../../shared/config';

export interface SearchBarProps {
  /** Missing (undefined or null): the page config's `user.loggedIn`. */
  loggedIn?: boolean | null;
  /** The shopper's saved searches, as the server rendered them. Missing: the page config's `user.recentSearches`. */
  recentSearches?: string[] | null;
  variant: 'desktop' | 'mobile';
}

interface Search {
  status: 'idle' | 'searching' | 'complete';
  /** The term these results answer (highlighting and View All use it). */
  term: string;
  results: SearchResultItem[];
  total: number;
}
const IDLE: Search = { status: 'idle', term: '', results: [], total: 0 };

const NONE: string[] = [];

export function SearchBar({ loggedIn: loggedInProp, recentSearches: recentProp, variant }: SearchBarProps) {
  // Props win; a bar without them takes the page config's user (one block for every bar), else logged out, none saved.
  const user = readPageConfig().user;
  const loggedIn = loggedInProp ?? user.loggedIn;
  const recentSearches = recentProp ?? user.recentSearches ?? NONE;
  const id = usePageId('sfw-search-bar');
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, setSearch] = useState<Search>(IDLE);
  const trending = useStore($trending);
  const recent = useStore($recentSearches);
  const region = useStore($region);
  const mounted = useMounted();

  // Server HTML: what the shopper typed before hydration stays (hydration keeps the field's value).
  useLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setQuery(typed.slice(0, MAX_QUERY_LENGTH));
  }, []);

  const term = searchTerm(query);
  const showResults = shouldSearch(term);
  const recentTerms = loggedIn ? (recent.terms ?? []) : [];
  // The server never has them: a bar that hydrates after another bar loaded them (the header's mobile bar,
  // React's sliced hydration) must render its first frame without them, as its server HTML (React #418).
  const trendingTerms = mounted ? trending.terms : NONE;
  const hrefs = showResults
    ? search.results.map((r) => productPath(r.slug))
    : [...recentTerms, ...trendingTerms].map(searchHref);
  const expanded = open && hrefs.length > 0;
  // The list may shrink under the active option (new results, cleared recents).
  const activeIndex = expanded && active < hrefs.length ? active : -1;

  useEffect(() => seedRecentSearches(recentSearches), [recentSearches]);

  useEffect(() => {
    if (open) loadTrendingOnce();
  }, [open]);

  // Auto-search: 500 ms after the last change of the term; a newer term
  // aborts the request in flight, so an older answer is never shown.
  useEffect(() => {
    if (!shouldSearch(term)) {
      setSearch(IDLE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch((s) => ({ ...s, status: 'searching' }));
      autoSearch(term, { signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setSearch({ status: 'complete', term, results: answer.results, total: answer.total });
          setActive(-1);
        },
        // Spec §8: a search failure is ignored silently; the old suggestions go.
        () => {
          if (!controller.signal.aborted) setSearch(IDLE);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  // The mobile bar lives in the header's 'mobile-search' panel: focus it when the panel opens.
  useEffect(() => {
    if (variant !== 'mobile') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = $openPanel.listen((panel) => {
      if (panel === 'mobile-search') timer = setTimeout(() => inputRef.current?.focus());
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [variant]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = hrefs.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (count === 0) return;
        const down = event.key === 'ArrowDown';
        if (activeIndex === -1) setActive(down ? 0 : count - 1);
        else setActive((activeIndex + (down ? 1 : -1) + count) % count);
        return;
      }
      case 'Enter': {
        const href = hrefs[activeIndex];
        if (href === undefined) return; // no active option: the form submits
        event.preventDefault();
        window.location.assign(href);
        return;
      }
      case 'Escape':
        if (!expanded) return; // let the page close its panel
        event.preventDefault();
        event.stopPropagation();
        close();
    }
  }

  async function clear() {
    await clearRecentSearches();
    // The button is gone with the list: keep the focus in the bar.
    inputRef.current?.focus();
  }

  return (
    <div
      className={`sfw-search-bar sfw-search-bar--${variant}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <form
        className="sfw-search-bar__form"
        action="/search"
        method="get"
        role="search"
        onSubmit={(event) => {
          if (isBlank(query)) event.preventDefault();
        }}
      >
        <label className="sfw-visually-hidden" htmlFor={`${id}-q`}>
          Search
        </label>
        <input
          ref={inputRef}
          id={`${id}-q`}
          className="sfw-search-bar__input"
          type="search"
          name="q"
          value={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onFocus={() => {
            loadTrendingOnce(); // now, not after the next frame (the effect below covers the other ways the list opens)
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setQuery(event.currentTarget.value.slice(0, MAX_QUERY_LENGTH));
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {/* Enabled in the server HTML: without JavaScript the form submits as it is. */}
        <button type="submit" className="sfw-search-bar__submit" disabled={mounted && isBlank(query)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="m15.5 15.5 5 5" />
          </svg>
          <span className="sfw-visually-hidden">Search</span>
        </button>
      </form>

      <Suggestions
        id={id}
        listId={listId}
        optionId={optionId}
        expanded={expanded}
        showResults={showResults}
        search={search}
        recentTerms={recentTerms}
        trendingTerms={trendingTerms}
        hrefs={hrefs}
        activeIndex={activeIndex}
        region={region}
        clearing={recent.clearing}
        onClear={clear}
      />

      {/* True only while the suggestions show: kept after they close, a reader says it again when a dialog closes. */}
      <div className="sfw-visually-hidden" role="status" aria-live="polite">
        {open && showResults ? announcement(search.status, search.total) : ''}
      </div>
    </div>
  );
}
