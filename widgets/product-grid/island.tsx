/**
 * product-grid: a list of product teaser cards in a responsive grid (2
 * columns on phones, up to 6 on wide screens), e.g. a category page.
 *
 *   <section data-widget="product-grid" aria-label="Products"
 *            data-props='{"products": [ { …ProductTeaser… }, … ]}'></section>
 *
 * Props: `products`, a list of product teasers (the teaser-card widget's
 * `product`, see there). The first row's images load at once, the rest lazily.
 * A teaser without a usable id, title, slug or price is left out (one
 * console.warn naming it); the other cards still show.
 * Events: as teaser-card, with `source: 'product-grid'`.
 * Server HTML (dist/server/render.js) hydrates card by card, near the
 * viewport or on first interaction; an empty hook renders on the client, the
 * cards filling in a few per task (a long list: shared/runtime/list.tsx).
 */
import { defineIsland } from '../../shared/runtime/island';
import { GridCard, ProductGrid, ProductGridProps } from './ProductGrid';

export const Props = ProductGridProps;

export default defineIsland('product-grid', Props, ProductGrid, { list: { prop: 'products', Item: GridCard } });
