/**
 * The header search bar (spec §2 Header, §4 Search, §5 Search): a GET form
 * to /search with field q, live suggestions as a WAI-ARIA APG combobox, and
 * a panel of Recent Searches and Trending Searches for short queries.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { autoSearch } from '../../shared/api/calls';
import type { SearchResultItem } from '../../shared/api/schemas';
import { productPath } from '../../shared/safe-url';
import { $openPanel } from '../../shared/stores/panels';
import { $region } from '../../shared/stores/region';
import { ProductImage } from '../../shared/ui/ProductImage';
import {
  DEBOUNCE_MS,
  MAX_QUERY_LENGTH,
  announcement,
  highlight,
  isBlank,
  searchHref,
  searchPrice,
  searchTerm,
  shouldSearch,
  showViewAll,
  type SearchPrice,
} from './rules';
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
  const hrefs = showResults
    ? search.results.map((r) => productPath(r.slug))
    : [...recentTerms, ...trending.terms].map(searchHref);
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

  let option = 0;
  const termOption = (value: string) => {
    const i = option++;
    return (
      <a key={i} role="option" id={optionId(i)} href={hrefs[i]} tabIndex={-1} aria-selected={i === activeIndex} className="sfw-search-bar__option sfw-search-bar__term">
        {value}
      </a>
    );
  };

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
          onFocus={() => setOpen(true)}
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

      {/* mousedown keeps the focus in the input, so a click inside never closes the popup first. */}
      <div className="sfw-search-bar__popup" hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
        {!showResults && recentTerms.length > 0 && (
          <button type="button" className="sfw-search-bar__clear" disabled={recent.clearing} onClick={clear}>
            Clear<span className="sfw-visually-hidden"> Recent Searches</span>
          </button>
        )}
        <div role="listbox" id={listId} aria-label="Search suggestions" className="sfw-search-bar__list">
          {showResults ? (
            search.results.map((item, i) => (
              <a
                key={i}
                role="option"
                id={optionId(i)}
                href={hrefs[i]}
                tabIndex={-1}
                aria-selected={i === activeIndex}
                className="sfw-search-bar__option sfw-search-bar__product"
              >
                <ProductImage src={item.MainImage?.Tiny} alt="" width={48} height={48} placeholder="coming-soon" className="sfw-search-bar__thumb" />
                <span className="sfw-search-bar__text">
                  <span className="sfw-search-bar__title">
                    {highlight(item.Title, search.term).map((piece, k) => (piece.match ? <mark key={k}>{piece.text}</mark> : piece.text))}
                  </span>
                  <Price price={searchPrice(item, region)} />
                </span>
              </a>
            ))
          ) : (
            <>
              {recentTerms.length > 0 && (
                <div role="group" aria-labelledby={`${id}-recent`} className="sfw-search-bar__group">
                  <div role="presentation" id={`${id}-recent`} className="sfw-search-bar__heading">
                    Recent Searches
                  </div>
                  {recentTerms.map(termOption)}
                </div>
              )}
              {trending.terms.length > 0 && (
                <div role="group" aria-labelledby={`${id}-trending`} className="sfw-search-bar__group">
                  <div role="presentation" id={`${id}-trending`} className="sfw-search-bar__heading">
                    Trending Searches
                  </div>
                  {trending.terms.map(termOption)}
                </div>
              )}
            </>
          )}
        </div>
        {showResults && showViewAll(search.total) && (
          <a className="sfw-search-bar__all" href={searchHref(search.term)}>
            View All Results
          </a>
        )}
      </div>

      <div className="sfw-visually-hidden" role="status" aria-live="polite">
        {showResults ? announcement(search.status, search.total) : ''}
      </div>
    </div>
  );
}

/** One line of price text; the pieces are separated by spaces so screen readers read them apart. */
function Price({ price }: { price: SearchPrice }) {
  const parts = [];
  if (price.kind === 'starts-at') parts.push(<span key="p" className="sfw-search-bar__prefix">{price.prefix}</span>);
  if (price.kind === 'sale') parts.push(<s key="s" className="sfw-search-bar__struck">{price.struck}</s>);
  parts.push(
    <strong key="a" className={price.kind === 'sale' ? 'sfw-search-bar__amount sfw-search-bar__amount--sale' : 'sfw-search-bar__amount'}>
      {price.amount}
    </strong>,
  );
  if (price.kind === 'sale') parts.push(<span key="m" className="sfw-search-bar__tag sfw-search-bar__tag--sale">{price.saleMark}</span>);
  if (price.kind === 'deposit' || price.kind === 'reward') parts.push(<span key="l" className="sfw-search-bar__tag">{price.label}</span>);
  if (price.presale) parts.push(<span key="ps" className="sfw-search-bar__tag">Presale</span>);
  if (price.approx) parts.push(<span key="x" className="sfw-search-bar__approx">{price.approx}</span>);
  return <span className="sfw-search-bar__price">{parts.flatMap((part, i) => (i === 0 ? [part] : [' ', part]))}</span>;
}
