/** Chunk group: the islands of a category page (the product grid and its cards). */
export { default as productGrid } from '../product-grid/island';
export { default as teaserCard } from '../teaser-card/island';
