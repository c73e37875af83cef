import * as v from 'valibot';
import { useStore } from '@nanostores/react';
import { ProductTeaser } from '../../shared/api/schemas';
import { $region } from '../../shared/stores/region';
import { ListItems, type ListItemProps } from '../../shared/runtime/list';
import { TeaserCard } from '../teaser-card/TeaserCard';
import { usePageId } from '../../shared/ui/use-page-id';

/** The island's props (data-props). */
export const ProductGridProps = v.object({ products: v.array(ProductTeaser) });

/**
 * Cards whose image loads at once: the first row at the widest grid (6
 * columns). Below that the images load lazily.
 */
export const EAGER_CARDS = 6;

/**
 * One card of the grid: on the server, on the client, and when it hydrates
 * on its own (the grid is a long list: shared/runtime/list.tsx hydrates it
 * card by card, and without server HTML fills it a few cards per task).
 */
export function GridCard({ item, index }: ListItemProps<ProductTeaser>) {
  const region = useStore($region);
  const uid = usePageId('sfw-product-grid');
  return <TeaserCard product={item} region={region} source="product-grid" uid={uid} eager={index < EAGER_CARDS} />;
}

/** A list of teaser cards. */
export function ProductGrid({ products }: { products: readonly ProductTeaser[] }) {
  return (
    <ul className="sfw-product-grid">
      <ListItems items={products} Item={GridCard} className="sfw-product-grid__item" />
    </ul>
  );
}
