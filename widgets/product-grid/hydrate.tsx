/**
 * Hydrates a server-rendered grid card by card. Each card is its own small
 * root, hydrated when it comes near the viewport (IntersectionObserver, a
 * few per task) or at once when the shopper reaches it first: the page's
 * intent listener (shared/runtime/intent.ts) calls the island's `reach` in
 * the capture phase, before the event gets to the card, and the card
 * hydrates synchronously, so the same click reaches the hydrated button's
 * handler (a listener added to the target while the event is still on its
 * way down is called).
 *
 * The host's JSON is parsed once; each product is validated only when its
 * card hydrates, and hydrates only when its hash is the server's (else that
 * card renders on the client, with one warning for the grid).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import * as v from 'valibot';
import { ProductTeaser } from '../../shared/api/schemas';
import { readPageConfig } from '../../shared/config';
import { IslandBoundary, warnMismatch } from '../../shared/runtime/island';
import { parseLenient } from '../../shared/api/lenient';
import { readLogged } from '../../shared/runtime/props';
import { removeMarker, type SsrMarker } from '../../shared/runtime/ssr';
import { CARD_ATTR, cardHash, cardUid, EAGER_CARDS, GridCard, ProductGridProps } from './ProductGrid';

const NAME = 'product-grid';
/** What the grid's marker hash covers: the card checks their own product. */
export const gridHashed = (props: { products: readonly unknown[] }) => ({ count: props.products.length });
/** Cards hydrated per task from the visibility queue: well under 50 ms at 4× CPU. */
const SLICE_MS = 8;
/** The grid's props unchecked per product (each card checks its own when it hydrates). */
const ProductList = v.object({ products: v.array(v.unknown()) });
/** Every 4th card is observed: 2 rows on phones (under a screen), under a row on wide screens. */
const SENTINEL_STRIDE = 4;

export function hydrateGrid(host: HTMLElement, marker: SsrMarker): (() => void) | null {
  let list: unknown;
  try {
    list = (JSON.parse(host.getAttribute('data-props') ?? '') as { products?: unknown })?.products;
  } catch {
    return null; // the island's own parse reports it
  }
  if (!Array.isArray(list)) return null;
  const cards = [...host.querySelectorAll<HTMLElement>(`li[${CARD_ATTR}]`)];
  // The server left out the products it could not use (parseLenient): then
  // read the list as it did, once, to line the cards up with their products.
  // The hash covers only the count (gridHashed): each card checks its own product.
  const read =
    cards.length === list.length
      ? readLogged(NAME, { products: list }, ProductList, gridHashed, readPageConfig())
      : readLogged(NAME, { products: list }, ProductGridProps, gridHashed, readPageConfig());
  if (!read.ok) return null; // the island's own parse reports it
  const products: readonly unknown[] = read.props.products;
  if (marker.hash !== read.hash || cards.length !== products.length) {
    warnMismatch(NAME, 'the server HTML was rendered from other props or config');
    host.replaceChildren();
    return null;
  }
  removeMarker(host);
  const position = new Map(cards.map((card, i) => [card, i]));
  const index = new Map(position);
  const roots: Array<{ unmount(): void }> = [];
  let warned = false;

  function hydrateCard(card: HTMLElement): void {
    const i = index.get(card);
    if (i === undefined) return;
    index.delete(card);
    // Read as the server read it: a bad optional field is dropped, not the card.
    const parsed = parseLenient(ProductTeaser, products[i]);
    for (const note of parsed.dropped) console.warn(`[storefront] ${NAME}: products.${i}: ${note}`);
    const product = parsed.success ? parsed.output : null;
    const tree = product ? (
      <IslandBoundary name={NAME}>
        <GridCard product={product} uid={cardUid(marker.ids, i)} eager={i < EAGER_CARDS} />
      </IslandBoundary>
    ) : null;
    if (product && card.getAttribute(CARD_ATTR) === cardHash(product)) {
      roots.push(hydrateRoot(card, tree));
      return;
    }
    if (!warned) warnMismatch(NAME, `card ${i + 1} does not match its product`);
    warned = true;
    card.replaceChildren();
    if (!tree) return;
    const root = createRoot(card);
    root.render(tree);
    roots.push(root);
  }

  // Cards near the viewport, a few per task.
  const queue: HTMLElement[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drain = () => {
    timer = undefined;
    const start = performance.now();
    while (queue.length && performance.now() - start < SLICE_MS) hydrateCard(queue.shift()!);
    if (queue.length) timer = setTimeout(drain, 0);
  };
  // One observed card in every SENTINEL_STRIDE: the browser computes 1000
  // intersections on every frame otherwise. A sentinel in view queues the
  // cards around it (two strides cover any row layout of the grid).
  const visibility =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              visibility!.unobserve(entry.target);
              const at = position.get(entry.target as HTMLElement)!;
              for (let i = Math.max(0, at - SENTINEL_STRIDE); i < Math.min(cards.length, at + 2 * SENTINEL_STRIDE); i++) {
                if (index.has(cards[i]!)) queue.push(cards[i]!);
              }
            }
            if (queue.length && !timer) timer = setTimeout(drain, 0);
          },
          { rootMargin: '200px' },
        )
      : null;
  if (visibility) cards.forEach((card, i) => i % SENTINEL_STRIDE === 0 && visibility.observe(card));
  else cards.forEach(hydrateCard);

  // The shopper got there first: that card now, before the event reaches it.
  reached.set(host, (target) => {
    const card = target.closest(`li[${CARD_ATTR}]`);
    if (card instanceof HTMLElement && index.has(card)) hydrateCard(card);
  });

  return () => {
    clearTimeout(timer);
    visibility?.disconnect();
    reached.delete(host);
    roots.forEach((root) => root.unmount());
  };
}

/** Each hydrating grid's "the shopper reached this element": its card hydrates now. */
const reached = new WeakMap<HTMLElement, (target: Element) => void>();

/** The island's `reach` (shared/runtime/island.tsx). */
export function reachGrid(host: HTMLElement, target: Element): void {
  reached.get(host)?.(target);
}
