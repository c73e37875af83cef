/**
 * The search bar's popup (spec §4 Search): the listbox of product suggestions
 * for a query, or of Recent and Trending Searches for a short one, with the
 * Clear and View All Results links. The combobox state (which option is
 * active, what each option links to) stays in SearchBar.
 */
import type { ReactNode } from 'react';
import type { SearchResultItem } from '../../shared/api/schemas';
import type { Region } from '../../shared/stores/region';
import { ProductImage } from '../../shared/ui/ProductImage';
import { highlight, searchHref, searchPrice, showViewAll, type SearchPrice } from './rules';

export interface SuggestionsProps {
  /** The bar's page id: the listbox and group headings take ids from it. */
  id: string;
  listId: string;
  optionId: (i: number) => string;
  expanded: boolean;
  /** True: product suggestions for the query; false: recent and trending terms. */
  showResults: boolean;
  /** The suggestions' answer: the term they answer, the results and the total. */
  search: { term: string; results: SearchResultItem[]; total: number };
  recentTerms: string[];
  trendingTerms: string[];
  /** Where each option links, in display order. */
  hrefs: string[];
  activeIndex: number;
  region: Region;
  clearing: boolean;
  onClear: () => void;
}

export function Suggestions({
  id,
  listId,
  optionId,
  expanded,
  showResults,
  search,
  recentTerms,
  trendingTerms,
  hrefs,
  activeIndex,
  region,
  clearing,
  onClear,
}: SuggestionsProps) {
  let option = 0;
  const termOption = (value: string): ReactNode => {
    const i = option++;
    return (
      <a key={i} role="option" id={optionId(i)} href={hrefs[i]} tabIndex={-1} aria-selected={i === activeIndex} className="sfw-search-bar__option sfw-search-bar__term">
        {value}
      </a>
    );
  };

  return (
    // mousedown keeps the focus in the input, so a click inside never closes the popup first.
    <div className="sfw-search-bar__popup" hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
      {!showResults && recentTerms.length > 0 && (
        <button type="button" className="sfw-search-bar__clear" disabled={clearing} onClick={onClear}>
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
            {trendingTerms.length > 0 && (
              <div role="group" aria-labelledby={`${id}-trending`} className="sfw-search-bar__group">
                <div role="presentation" id={`${id}-trending`} className="sfw-search-bar__heading">
                  Trending Searches
                </div>
                {trendingTerms.map(termOption)}
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
