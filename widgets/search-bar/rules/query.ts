/**
 * Search query rules (spec §4 Search, §5 Search, §9).
 * The term is the query with surrounding whitespace removed: '  ab ' is 2
 * characters, so it neither searches nor enables the submit button.
 */

/** Auto-search needs at least this many characters (spec §9). */
export const MIN_QUERY = 3;
/** Quiet time after the last keystroke before auto-search runs (spec §9). */
export const DEBOUNCE_MS = 500;
/** The input's maxlength (spec §5). */
export const MAX_QUERY_LENGTH = 80;
/** 'View All Results' shows above this many results (spec §9). */
export const VIEW_ALL_ABOVE = 3;

/** What is searched for: trimmed, never longer than the input allows. */
export function searchTerm(query: string): string {
  return query.slice(0, MAX_QUERY_LENGTH).trim();
}

/** The submit button is disabled while this is true (whitespace counts as empty). */
export function isBlank(query: string): boolean {
  return searchTerm(query) === '';
}

/** Auto-search runs only with at least 3 characters; below that the trending panel shows. */
export function shouldSearch(term: string): boolean {
  return term.length >= MIN_QUERY;
}

/** 'View All Results' shows when there are more than 3 results. */
export function showViewAll(total: number): boolean {
  return total > VIEW_ALL_ABOVE;
}

/** The search results page for a term, as the GET form with field q writes it. */
export function searchHref(term: string): string {
  return `/search?${new URLSearchParams({ q: term })}`;
}

/** What the polite live region says: nothing, loading, then the number of results. */
export function announcement(status: 'idle' | 'searching' | 'complete', total: number): string {
  if (status === 'searching') return 'Loading results…';
  if (status === 'complete') return total === 1 ? '1 result' : `${total} results`;
  return '';
}
