/**
 * Seeded catalog of the mock backend (docs/architecture.md "Demo pages").
 *
 * One `RawProduct` object per product holds everything every view needs, so
 * one edit changes the teaser card, the quick-add product, the search result
 * and the upsell entry alike. The views are derived by the small pure
 * functions of ./views.ts (`toTeaser`, `toProduct`, `toSearchResult`,
 * `toUpsellEntry`); the MSW handlers are built on top of this module.
 *
 * Files: reference.ts (images, categories, warehouses), raw-product.ts (the
 * raw product and how a seed becomes one), seeds.ts (the products' data),
 * products.ts (the built catalog, lookups, sample ids, search), lists.ts
 * (trending, recently viewed, upsell, breakers), views.ts (the derived views).
 *
 * The catalog covers every product state of spec §4; `sampleIds` names one
 * product per state so demo pages and tests can point at them.
 *
 * Conventions:
 * - ids are 1..N, in array order; slugs are kebab-case.
 * - Prices are USD numbers. `Price` is what the shopper pays now. On sale,
 *   `regPrice` is the price before the sale and `salePrice` equals `Price`;
 *   otherwise `regPrice` equals `Price` and `salePrice` is 0.
 * - A variation option is a variation product: its `id` and `product_id` are
 *   both `parent id × 100 + n`, so they never clash with catalog ids.
 *   Selectable means quantity > 0 and price > 0 (spec §5).
 * - Stock: `product_stock` records name their warehouse; 0 and 19 are general
 *   stock (spec §9). `AvailableToShip` is the general stock, `Available` the
 *   total across all records.
 * - Images are local (no network in the demo), one file for every size.
 *   Product photos are JPEGs and logos PNGs, as on the real shop: raster
 *   images decode off the main thread, while every SVG <img> is laid out and
 *   painted on it (a grid of them shows up in `npm run bench`). Flags stay SVG.
 */
export * from './reference';
export * from './raw-product';
export * from './products';
export * from './lists';
export * from './views';
