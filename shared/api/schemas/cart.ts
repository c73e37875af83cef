/** Cart answers: the cart and its lines, the count, upsell lists, and adding to the cart. */
import * as v from 'valibot';
import { flag, num, numOr0, optUrl, slug, str, text } from './fields';

export const CartItem = v.object({
  id: v.union([v.number(), v.string()]),
  title: text,
  Title: text,
  price: numOr0,
  Price: numOr0,
  quantity: num,
  Image: v.nullish(v.object({ Tiny: optUrl })),
  product: v.nullish(v.object({ slug: v.nullish(slug) })),
});
export type CartItem = v.InferOutput<typeof CartItem>;

/**
 * Without a CartQuantity (or 0 beside a list of lines) the count is the sum
 * of the lines' quantities: never "0 items" next to items.
 */
export const CartResponse = v.pipe(
  v.object({
    CartQuantity: v.nullish(num),
    cart_items: v.nullish(v.array(CartItem), []),
    CartErrors: flag,
  }),
  v.transform((cart) => ({
    ...cart,
    CartQuantity: cart.CartQuantity || cart.cart_items.reduce((sum, item) => sum + item.quantity, 0),
  })),
);
export type CartResponse = v.InferOutput<typeof CartResponse>;

/** CartQuantity stays undefined when missing: a 0 made up here would be shown as the count. */
export const CartSummary = v.object({ CartQuantity: v.nullish(num), CartTotal: numOr0 });
export type CartSummary = v.InferOutput<typeof CartSummary>;

/** An object that has `key`: each object form of a union says which one the answer is, so a bad field costs that field. */
const objectWith = (key: string) => v.custom<Record<string, unknown>>((x) => !!x && typeof x === 'object' && key in x);

/** /cart/get-count: the spec only says "the count"; accept a bare number or an object. */
export const CartCount = v.union([
  // A bare number says nothing about errors: keep what the cart said (undefined).
  v.pipe(num, v.transform((count): { count: number; errors?: boolean } => ({ count }))),
  v.pipe(
    objectWith('CartQuantity'),
    v.object({ CartQuantity: num, CartErrors: flag }),
    v.transform((r) => ({ count: r.CartQuantity, errors: r.CartErrors })),
  ),
  v.pipe(
    objectWith('count'),
    v.object({ count: num, errors: flag }),
    v.transform((r) => ({ count: r.count, errors: r.errors })),
  ),
]);
export type CartCount = v.InferOutput<typeof CartCount>;

export const UpsellEntry = v.object({
  title: str,
  slug,
  price: num,
  mainImage: v.nullish(v.object({ Tiny: optUrl })),
});
export type UpsellEntry = v.InferOutput<typeof UpsellEntry>;
export const UpsellResponse = v.object({
  upsell: v.nullish(v.array(UpsellEntry), []),
  supplies: v.nullish(v.array(UpsellEntry), []),
});
export type UpsellResponse = v.InferOutput<typeof UpsellResponse>;

export const RelatedItem = v.object({
  title: str,
  slug,
  mainImage: v.nullish(v.union([optUrl, v.object({ Tiny: optUrl })])),
  price: num,
});
export type RelatedItem = v.InferOutput<typeof RelatedItem>;

export const CartAddResponse = v.object({
  errors: v.nullish(v.array(v.string()), []),
  cart: v.nullish(CartSummary),
  related: v.nullish(v.array(RelatedItem), []),
});
export type CartAddResponse = v.InferOutput<typeof CartAddResponse>;

export const CartAddPayload = v.object({
  title: v.string(),
  quantity: v.number(),
  price: v.number(),
  attributes: v.record(v.string(), v.unknown()),
  id: v.number(),
  product_id: v.number(),
  region: v.string(),
});
export type CartAddPayload = v.InferOutput<typeof CartAddPayload>;
