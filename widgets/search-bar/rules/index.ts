export { MIN_QUERY, DEBOUNCE_MS, MAX_QUERY_LENGTH, VIEW_ALL_ABOVE, searchTerm, isBlank, shouldSearch, showViewAll, searchHref, announcement } from './query';
export { highlight, type Piece } from './highlight';
export { searchPrice, type SearchPrice } from './price';
