/**
 * Island `add-to-cart`: the product page's add-to-cart form.
 *
 *   <div data-widget="add-to-cart" data-props='{"product":{ …full product (spec §3)… }}'></div>
 *
 * Props: `product` (required), the full product as POST /product/cart/load
 * answers it. Calls GET /check-live-break-eligible-status (live break) and
 * POST /cart/add-item. On success it announces `storefront:cart-updated`
 * (source 'add-to-cart') and opens the 'cart-added' dialog of the
 * `cart-dialogs` island, which the page must also contain.
 */
import * as v from 'valibot';
import { Product } from '../../shared/api/schemas';
import { defineIsland } from '../../shared/runtime/island';
import { AddToCartForm } from './AddToCartForm';

export const Props = v.object({ product: Product });

export default defineIsland('add-to-cart', Props, ({ product }) => (
  <AddToCartForm product={product} source="add-to-cart" />
));
