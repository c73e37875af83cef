/**
 * The size budgets from DESIGN.md, in gzip bytes, checked by scripts/size.mjs
 * (npm run size, npm test). Data only: one line per budget.
 */
export const BUDGETS = {
  entry: 3 * 1024,
  island: 8 * 1024,
  islandWithPaypal: 14 * 1024,
  categoryPage: 60 * 1024,
  /** What a shopper's browser does on the demo category page (scripts/measure-js.mjs; test/browser/initial-state.test.ts). */
  page: {
    /** JS that runs before any input (load, then 3 s idle). */
    ranBeforeInput: 20 * 1024,
    /** JS fetched after the idle prefetch and a scroll to the end. */
    fetchedAfterScroll: 40 * 1024,
  },
  /** Each chunk group of widgets/groups/ (docs/architecture.md "Chunk groups"). */
  groups: {
    'every-page': 10 * 1024,
    category: 2 * 1024,
  },
};

/** Islands allowed the larger budget. */
export const PAYPAL_ISLANDS = ['add-to-cart', 'add-to-cart/AddToCartForm', 'paypal-express/PaypalExpress'];
