import * as v from 'valibot';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ProductTeaser } from '../../shared/api/schemas';
import { $region } from '../../shared/stores/region';
import { TeaserCard } from '../teaser-card/TeaserCard';
import { usePageId } from '../../shared/ui/use-page-id';
import { jsonHash } from '../../shared/runtime/json-hash';

/** The island's props (data-props): read by the island, and by the grid's hydration when the server left out a card. */
export const ProductGridProps = v.object({ products: v.array(ProductTeaser) });

/**
 * Cards whose image loads at once: the first row at the widest grid (6
 * columns). Below that the images load lazily.
 */
export const EAGER_CARDS = 6;
/** Marks a server-rendered card with the hash of its product, so the client can check it before hydrating it. */
export const CARD_ATTR = 'data-sfw-card';
export const cardHash: (product: ProductTeaser) => string = jsonHash;
/** The card's id prefix, the same on the server and when its card hydrates. */
export const cardUid = (ids: string, i: number) => `sfw-product-grid-${ids}-${i}`;

/**
 * The client-only path (an empty hook, e.g. the render service was down):
 * the mount renders a place for every card (so nothing below the grid moves)
 * and no card yet; the cards follow a few per task, each batch after the
 * previous one was painted (Preact runs effects after paint). Parsing the
 * props, rendering, layout and paint of a 48-card page are so spread over
 * short tasks: none over 50 ms at 4× CPU slowdown (npm run bench).
 */
export const FIRST_CARDS = 0;
export const CARDS_PER_TASK = 4;

/** One card of the grid, the same on the server, on the client and when it hydrates on its own (hydrate.tsx). */
export function GridCard({ product, uid, eager }: { product: ProductTeaser; uid: string; eager: boolean }) {
  const region = useStore($region);
  return <TeaserCard product={product} region={region} source="product-grid" uid={uid} eager={eager} />;
}

/** A list of teaser cards. */
export function ProductGrid({ products }: { products: readonly ProductTeaser[] }) {
  const uid = usePageId('sfw-product-grid');
  const [shown, setShown] = useState(FIRST_CARDS);

  useEffect(() => {
    if (shown >= products.length) return;
    const timer = setTimeout(() => setShown(shown + CARDS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [shown, products.length]);

  return (
    <ul className="sfw-product-grid">
      {products.map((product, i) => (
        <li key={i} className="sfw-product-grid__item">
          {i < shown ? (
            <GridCard product={product} uid={`${uid}-${i}`} eager={i < EAGER_CARDS} />
          ) : (
            // Holds the card's place, so nothing below the grid moves while it fills.
            <div className="sfw-product-grid__pending" />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The server's grid: every card complete, each marked with its product's
 * hash. The client does not hydrate the list as one tree: each card is a
 * root of its own, hydrated near the viewport or on first interaction
 * (hydrate.tsx), so no task grows with the number of cards.
 */
export function ServerGrid({ products, ids }: { products: readonly ProductTeaser[]; ids: string }) {
  return (
    <ul className="sfw-product-grid">
      {products.map((product, i) => (
        <li key={i} className="sfw-product-grid__item" {...{ [CARD_ATTR]: cardHash(product) }}>
          <GridCard product={product} uid={cardUid(ids, i)} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
