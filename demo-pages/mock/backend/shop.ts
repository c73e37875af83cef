/** The shop's answers over the mock state: the cart, adding to it, the visitor's country. */
import { copiedId, products, type RawProduct } from '../catalog';
import { REFUSE_ADD_QUANTITY, type MockState } from './state';

const byId = new Map(products.map((p) => [p.id, p]));
export const find = (id: unknown) => byId.get(copiedId(Number(id)));

export function isProduct(p: RawProduct | undefined): p is RawProduct {
  return !!p;
}

export function cartAnswer(state: MockState) {
  return {
    CartQuantity: state.cart.reduce((n, l) => n + l.quantity, 0),
    CartErrors: state.cart.some((l) => (find(l.productId)?.AvailableToShip ?? 0) < l.quantity && !find(l.productId)?.Presale),
    cart_items: state.cart.map((line) => {
      const p = find(line.productId);
      return {
        id: line.id,
        title: line.title,
        Title: line.title,
        price: line.price,
        Price: line.price,
        quantity: line.quantity,
        Image: { Tiny: p?.MainImage?.Small ?? null },
        product: { slug: p?.slug ?? null },
      };
    }),
  };
}

export function addToCart(state: MockState, body: Record<string, unknown>) {
  const product = find(body.product_id ?? body.id);
  const quantity = Number(body.quantity);
  const errors: string[] = [];
  if (!product) errors.push('This product is no longer available.');
  else if (!Number.isInteger(quantity) || quantity < 1) errors.push('Please choose a quantity of at least 1.');
  else if (quantity === REFUSE_ADD_QUANTITY) errors.push(`Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`, 'Please lower the quantity and try again.');
  else if (product.RewardRedemptionOnly) errors.push('This product is only available within the Rewards Program.');
  if (errors.length || !product) return { errors, cart: null, related: [] };
  const attributes = (body.attributes ?? {}) as Record<string, unknown>;
  const key = JSON.stringify([body.id, attributes]);
  const existing = state.cart.find((l) => JSON.stringify([l.attributes.__id ?? l.productId, l.attributes]) === key);
  if (existing) existing.quantity += quantity;
  else {
    state.cart.push({
      id: state.nextLineId++,
      productId: product.id,
      title: String(body.title ?? product.title),
      price: Number(body.price ?? product.Price),
      quantity,
      attributes,
    });
  }
  const summary = cartAnswer(state);
  const related = products
    .filter((p) => p.id !== product.id && p.categories?.some((c) => product.categories?.some((d) => d.id === c.id)))
    .slice(0, 4)
    .map((p) => ({ title: p.title, slug: p.slug, price: p.Price, mainImage: { Tiny: p.MainImage?.Small ?? null } }));
  return {
    errors: [],
    cart: { CartQuantity: summary.CartQuantity, CartTotal: state.cart.reduce((s, l) => s + l.price * l.quantity, 0) },
    related,
  };
}

/** GET /determine-user-country: only a non-US visitor who has not answered is offered CAD. */
export function countryAnswer(s: MockState) {
  return { country: s.visitor, opt: s.visitor !== 'US' && !s.currencyDecided };
}
