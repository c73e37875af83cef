/**
 * The list mechanism of islands whose props hold a list shown one element
 * per item (the product grid, the recently-viewed slider): `defineIsland(name,
 * Props, View, { list: { prop: 'products', Item } })`, and the View renders
 * the items with `<ListItems items={…} Item={…} className="…" />`.
 *
 * - Read item by item: a bad item costs that item (one console.warn naming
 *   it, api/lenient.ts), never the island.
 * - Checked item by item: the server marks each item's element with its
 *   item's hash (ITEM_ATTR); the hook's marker covers the other props and the
 *   count. An item whose mark is not its item's hash is not hydrated (one
 *   warning naming it).
 * - `Item` given in the option, the list is long (the grid): each item is a
 *   root of its own, hydrated near the viewport (a few per task) or at once
 *   when the shopper reaches it (the island's `reach`, called by intent.ts in
 *   the capture phase, before the event gets to it); a mismatched item
 *   renders on the client. Without server HTML, the items fill in a few per
 *   task. No task grows with the number of items.
 * - Without it (the slider), the island hydrates whole; a mismatched item
 *   makes it render on the client.
 */
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import * as v from 'valibot';
import { readPageConfig } from '../config';
import { parseLenient } from '../api/lenient';
import { IdScopeContext } from '../ui/use-page-id';
import { jsonHash } from './json-hash';
import { propsJson, readLogged } from './props';
import { removeMarker, type SsrMarker } from './ssr';

/** Marks a server-rendered item's element with the hash of its item. */
export const ITEM_ATTR = 'data-sfw-item';
/** Items rendered per task when a long list renders without server HTML (none at once: each batch follows the previous one's paint). */
export const ITEMS_PER_TASK = 4;
/** Items hydrated per task from the visibility queue: well under 50 ms at 4× CPU. */
const SLICE_MS = 8;
/** Every 4th item is observed: 2 rows on phones (under a screen), under a row on wide screens. */
const SENTINEL_STRIDE = 4;

export interface ListItemProps<T> {
  item: T;
  index: number;
}

export interface ListOptions {
  /** The prop that holds the list. */
  prop: string;
  /** One item as the View's ListItems renders it: given, each item hydrates on its own (a long list). */
  Item?: ComponentType<ListItemProps<any>>;
}

/** How ListItems renders: marked on the server; filling in a few per task on the client when the list is long. */
const ListMode = createContext<'all' | 'mark' | 'fill'>('all');

/** Each item in its element (an `li`), its element ids scoped to the item, so an item can hydrate alone. */
export function ListItems<T>({ items, Item, className }: { items: readonly T[]; Item: ComponentType<ListItemProps<T>>; className: string }) {
  const mode = useContext(ListMode);
  const scope = useContext(IdScopeContext);
  const [shown, setShown] = useState(0);
  const visible = mode === 'fill' ? shown : items.length;
  useEffect(() => {
    if (visible >= items.length) return;
    const timer = setTimeout(() => setShown(visible + ITEMS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [visible, items.length]);
  return items.map((item, i) => (
    // An item not rendered yet keeps its place (nothing below the list moves), busy until it fills.
    <li key={i} className={className} aria-busy={i < visible ? undefined : 'true'} {...(mode === 'mark' ? { [ITEM_ATTR]: jsonHash(item) } : {})}>
      {i < visible && (
        <IdScopeContext.Provider value={scope && { base: `${scope.base}-${i}`, n: 0 }}>
          <Item item={item} index={i} />
        </IdScopeContext.Provider>
      )}
    </li>
  ));
}

type Schema = v.GenericSchema<unknown, unknown>;
type Boundary = ComponentType<{ name: string; children: ReactNode }>;

/** What defineIsland (island.tsx) takes from a list option. */
export function listOf(name: string, schema: Schema, { prop, Item }: ListOptions, Boundary: Boundary) {
  const entries = (schema as unknown as { entries?: Record<string, Schema> }).entries ?? {};
  let wrapped = entries[prop] as (Schema & { wrapped?: Schema; item?: Schema }) | undefined;
  while (wrapped?.wrapped) wrapped = wrapped.wrapped as typeof wrapped;
  // A mistake of the island's author: said at once, when its module loads.
  if (!wrapped?.item) throw new Error(`[storefront] ${name}: list prop "${prop}" is no v.array of its props`);
  const itemSchema = wrapped.item;
  /** The props with each item unread: an item is read when it hydrates. */
  const unread = v.object({ ...entries, [prop]: v.array(v.unknown()) });
  const itemsOf = (props: unknown) => (props as Record<string, unknown>)[prop];
  /** The marker covers the other props and the count: each item is checked against its own mark. */
  const hashed = (props: unknown) => ({ ...(props as object), [prop]: (itemsOf(props) as unknown[] | null | undefined)?.length });
  const elementsOf = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>(`[${ITEM_ATTR}]`)];
  /** Each hydrating host's "the shopper reached this element". */
  const reached = new WeakMap<HTMLElement, (target: Element) => void>();

  function hydrateItems(host: HTMLElement, marker: SsrMarker, warnMismatch: (why: string) => void): (() => void) | null {
    const Shown = Item!;
    const json = propsJson(name, host);
    const raw = json.ok ? itemsOf(json.json) : null;
    if (!json.ok || !Array.isArray(raw)) return null; // the island's own read reports it
    const elements = elementsOf(host);
    // The server left out the items it could not use (parseLenient): then read them as it did, once, to line them up.
    const read = readLogged(name, json.json, elements.length === raw.length ? unread : schema, hashed, readPageConfig());
    if (!read.ok) return null;
    const items = itemsOf(read.props) as unknown[];
    if (marker.hash !== read.hash || elements.length !== items.length) {
      warnMismatch('the server HTML was rendered from other props or config');
      host.replaceChildren();
      return null;
    }
    removeMarker(host);
    const position = new Map(elements.map((element, i) => [element, i]));
    const waiting = new Map(position);
    const roots: Array<{ unmount(): void }> = [];
    let warned = false;

    function hydrateItem(element: HTMLElement): void {
      const i = waiting.get(element);
      if (i === undefined) return;
      waiting.delete(element);
      // Read as the server read it: a bad optional field is dropped, not the item.
      const parsed = parseLenient(itemSchema, items[i]);
      for (const note of parsed.dropped) console.warn(`[storefront] ${name}: ${prop}.${i}: ${note}`);
      const tree = parsed.success ? (
        <Boundary name={name}>
          <IdScopeContext.Provider value={{ base: `${marker.ids}-${i}`, n: 0 }}>
            <Shown item={parsed.output} index={i} />
          </IdScopeContext.Provider>
        </Boundary>
      ) : null;
      if (parsed.success && element.getAttribute(ITEM_ATTR) === jsonHash(parsed.output)) {
        roots.push(hydrateRoot(element, tree!));
        return;
      }
      if (!warned) warnMismatch(`item ${i + 1} does not match its ${prop} entry`);
      warned = true;
      element.replaceChildren();
      if (!tree) return;
      const root = createRoot(element);
      root.render(tree);
      roots.push(root);
    }

    // Items near the viewport, a few per task.
    const queue: HTMLElement[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drain = () => {
      timer = undefined;
      const start = performance.now();
      while (queue.length && performance.now() - start < SLICE_MS) hydrateItem(queue.shift()!);
      if (queue.length) timer = setTimeout(drain, 0);
    };
    // One observed item in every SENTINEL_STRIDE: the browser computes 1000 intersections
    // on every frame otherwise. A sentinel in view queues the items around it (two strides cover any row layout).
    const visibility =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                visibility!.unobserve(entry.target);
                const at = position.get(entry.target as HTMLElement)!;
                for (let i = Math.max(0, at - SENTINEL_STRIDE); i < Math.min(elements.length, at + 2 * SENTINEL_STRIDE); i++) {
                  if (waiting.has(elements[i]!)) queue.push(elements[i]!);
                }
              }
              if (queue.length && !timer) timer = setTimeout(drain, 0);
            },
            { rootMargin: '200px' },
          )
        : null;
    if (visibility) elements.forEach((element, i) => i % SENTINEL_STRIDE === 0 && visibility.observe(element));
    else elements.forEach(hydrateItem);

    // The shopper got there first: that item now, before the event reaches it.
    reached.set(host, (target) => {
      const element = target.closest(`[${ITEM_ATTR}]`);
      if (element instanceof HTMLElement) hydrateItem(element);
    });
    return () => {
      clearTimeout(timer);
      visibility?.disconnect();
      reached.delete(host);
      roots.forEach((root) => root.unmount());
    };
  }

  return {
    hashed,
    /** Hydrates item by item (Item given): the cleanup, or null after it cleared the host (the island then renders on the client). */
    hydrate: Item ? hydrateItems : undefined,
    /** The island's `reach` (contracts.ts Island.reach). */
    reach: Item ? (host: HTMLElement, target: Element) => reached.get(host)?.(target) : undefined,
    /** Why the server's items cannot be hydrated whole with these props: the first item whose mark is not its hash; null when none. */
    mismatch(host: HTMLElement, props: unknown): string | null {
      const items = (itemsOf(props) ?? []) as unknown[];
      const elements = elementsOf(host);
      if (elements.length !== items.length) return 'the server HTML holds other items';
      const i = elements.findIndex((element, i) => element.getAttribute(ITEM_ATTR) !== jsonHash(items[i]));
      return i < 0 ? null : `item ${i + 1} does not match its ${prop} entry`;
    },
    /** The island's tree as ListItems renders it: marked on the server, filling in on the client when long. */
    mode: (tree: ReactNode, mode: 'mark' | 'fill') => (
      <ListMode.Provider value={mode === 'fill' && !Item ? 'all' : mode}>{tree}</ListMode.Provider>
    ),
  };
}
