import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ProductTeaser } from '../../shared/api/schemas';
import { $region } from '../../shared/stores/region';
import { TeaserCard } from '../teaser-card/TeaserCard';
import { usePageId } from '../../shared/ui/use-page-id';

/**
 * Cards whose image loads at once: the first row at the widest grid (6
 * columns). Below that the images load lazily.
 */
export const EAGER_CARDS = 6;
/**
 * The first cards (two rows at the widest grid) render with the mount; the
 * rest follow a row per task, so a 48-card page never blocks the main thread
 * for long (no long task on a slow phone).
 */
export const FIRST_CARDS = 12;
export const CARDS_PER_TASK = 6;

/** A list of teaser cards; one region subscription for the whole grid. */
export function ProductGrid({ products }: { products: readonly ProductTeaser[] }) {
  const region = useStore($region);
  const uid = usePageId('sfw-grid');
  const [shown, setShown] = useState(FIRST_CARDS);

  useEffect(() => {
    if (shown >= products.length) return;
    const timer = setTimeout(() => setShown(shown + CARDS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [shown, products.length]);

  return (
    <ul className="sfw-grid">
      {products.slice(0, shown).map((product, i) => (
        <li key={i} className="sfw-grid__item">
          <TeaserCard product={product} region={region} source="product-grid" uid={`${uid}-${i}`} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
