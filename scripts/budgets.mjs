/**
 * The size budgets from DESIGN.md, in gzip bytes, checked by scripts/size.mjs
 * (npm run size, npm test). Data only: one line per budget.
 */
export const BUDGETS = {
  entry: 3 * 1024,
  island: 8 * 1024,
  islandWithPaypal: 14 * 1024,
  categoryPage: 60 * 1024,
  /** Each chunk group of widgets/groups/ (README "Chunk groups"). */
  groups: {
    'every-page': 10 * 1024,
    category: 2 * 1024,
  },
};

/** Islands allowed the larger budget. */
export const PAYPAL_ISLANDS = ['add-to-cart', 'add-to-cart/AddToCartForm', 'paypal-express/PaypalExpress'];
