/**
 * teaser-card: one product teaser card (spec §2 "Product teaser card").
 *
 *   <div data-widget="teaser-card" data-props='{"product": { …ProductTeaser… }}'></div>
 *
 * Props: `product`, a product teaser (spec §3; the fields of ProductTeaser in
 * shared/api/schemas/product.ts, plus optional `eligible` and `needsOptions`).
 * Events: dispatches `storefront:quick-add` `{ productId, source: 'teaser-card' }`
 * for products that need a choice; a direct add announces
 * `storefront:cart-updated` and opens the 'cart-added' dialog.
 * For a list of cards use the product-grid widget (one hook, one mount).
 */
import { useStore } from '@nanostores/react';
import * as v from 'valibot';
import { ProductTeaser } from '../../shared/api/schemas';
import { defineIsland } from '../../shared/runtime/island';
import { $region } from '../../shared/stores/region';
import { TeaserCard } from './TeaserCard';
import { usePageId } from '../../shared/ui/use-page-id';

export const Props = v.object({ product: ProductTeaser });

function TeaserCardIsland({ product }: v.InferOutput<typeof Props>) {
  const region = useStore($region);
  const uid = usePageId('sfw-teaser-card');
  return <TeaserCard product={product} region={region} source="teaser-card" uid={uid} />;
}

export default defineIsland('teaser-card', Props, TeaserCardIsland);
