/**
 * The page of the handoff's model tests (handoff.model.test.ts): one island
 * of each kind, its server HTML rendered as the server renderer renders it,
 * and a small browser that acts as a shopper's browser does in happy-dom
 * (a tap focuses and clicks, Enter on a button or link clicks it, Enter in a
 * field submits its form, Space on a button clicks on keyup, typing changes
 * the value then sends `input`), performing default actions (a link
 * navigates, a form posts) only for events nobody prevented, and counting
 * what a host page's own delegated click handler (jQuery's
 * `$(document).on('click', …)`) sees.
 */
import { useLayoutEffect, useState } from 'react';
import { renderToString } from 'preact-render-to-string';
import * as v from 'valibot';
import { readPageConfig } from '../../../shared/config';
import { defineEnhancer } from '../../../shared/runtime/enhancer';
import { defineIsland, type Island } from '../../../shared/runtime/island';
import { renderHash } from '../../../shared/runtime/props';
import { ListItems, type ListItemProps } from '../../../shared/runtime/list';
import { markerHtml } from '../../../shared/runtime/ssr';
import { useMounted } from '../../../shared/ui/use-page-id';

/** What the islands did: one entry per handled input. */
export const effects: string[] = [];
const effect = (name: string) => () => void effects.push(name);

export type Role = 'button' | 'toggle' | 'link' | 'combobox' | 'submit';
export interface Control {
  selector: string;
  role: Role;
  /** The island's effect for an activation (a focus and an ArrowDown of the combobox are `focus` and `down`). */
  effect?: string;
}
export interface Kind {
  island: Island;
  /** The hook's props (data-props), when it has any. */
  props?: object;
  /** The island's server HTML (as the server renders it), '' for an enhancer of the page's own markup. */
  markup: string;
  controls: Control[];
  /** Wakes at load (an enhancer), not with the page. */
  atLoad?: boolean;
}

const Button = () => (
  <div>
    <button type="button" onClick={effect('press')}>
      Press
    </button>
    <a href="/help">Help</a>
  </div>
);

/** Like the cart dropdown: a link to /cart in server HTML, the same link as the dropdown's disclosure once it runs. */
function Toggle() {
  const [open, setOpen] = useState(false);
  const mounted = useMounted();
  return (
    <div>
      <a
        href="/cart"
        role={mounted ? 'button' : undefined}
        aria-controls="panel"
        aria-expanded={mounted ? open : undefined}
        onClick={(event) => {
          event.preventDefault();
          effects.push('toggle');
          setOpen(!open);
        }}
      >
        Cart
      </a>
      <div id="panel" role="dialog" aria-label="Cart" hidden={!open} />
    </div>
  );
}

/** Like the search bar: a GET form to /search, a combobox that opens on ArrowDown. */
function Combobox() {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <form action="/search" role="search" onSubmit={(event) => (event.preventDefault(), effects.push('search'))}>
      <input
        name="q"
        role="combobox"
        aria-label="Search"
        aria-expanded={open}
        value={q}
        onFocus={effect('focus')}
        onInput={(event) => setQ((event.target as HTMLInputElement).value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          effects.push('down');
          setOpen(true);
        }}
      />
    </form>
  );
}

/** Like the product page's form: it posts to the server without JavaScript. */
const Form = () => (
  <form action="/cart/add" method="post" onSubmit={(event) => (event.preventDefault(), effects.push('add'))}>
    <button type="submit">Add to cart</button>
  </form>
);

/** Like the product grid: a long list (shared/runtime/list.tsx), each item its own root, hydrated when reached (or near the viewport). */
const Item = ({ item }: ListItemProps<number>) => (
  <>
    <button type="button" onClick={effect(`add${item}`)}>
      Add {item}
    </button>
    <a href={`/p/${item}`}>Item {item}</a>
  </>
);
const ListProps = v.object({ items: v.array(v.number()) });
const List = ({ items }: v.InferOutput<typeof ListProps>) => (
  <ul>
    <ListItems items={items} Item={Item} className="item" />
  </ul>
);

const none = v.object({});
const islands = {
  button: defineIsland('button', none, Button),
  toggle: defineIsland('toggle', none, Toggle),
  combobox: defineIsland('combobox', none, Combobox),
  form: defineIsland('form', none, Form),
  list: defineIsland('list', ListProps, List, { list: { prop: 'items', Item } }),
  enhancer: defineEnhancer('enhancer', (host) => {
    const button = host.querySelector('button')!;
    const press = effect('menu');
    button.addEventListener('click', press);
    return () => button.removeEventListener('click', press);
  }),
};

/** The hook's inner HTML as the server renderer writes it: the marker, then the island's tree. */
function serverHtml(island: Island, props: object = {}): string {
  const ids = 'x1';
  return markerHtml({ hash: renderHash(island.name, island.ssr!.hashed(props), readPageConfig()), ids }) + renderToString(island.ssr!.render(props, ids));
}

export function kinds(): Record<string, Kind> {
  return {
    button: { island: islands.button, markup: serverHtml(islands.button), controls: [{ selector: 'button', role: 'button', effect: 'press' }, { selector: 'a', role: 'link' }] },
    toggle: { island: islands.toggle, markup: serverHtml(islands.toggle), controls: [{ selector: '[aria-controls]', role: 'toggle', effect: 'toggle' }] },
    combobox: { island: islands.combobox, markup: serverHtml(islands.combobox), controls: [{ selector: 'input', role: 'combobox' }] },
    form: { island: islands.form, markup: serverHtml(islands.form), controls: [{ selector: 'button', role: 'submit', effect: 'add' }] },
    list: {
      island: islands.list,
      props: { items: [0, 1, 2] },
      markup: serverHtml(islands.list, { items: [0, 1, 2] }),
      controls: [
        { selector: 'li:nth-child(1) button', role: 'button', effect: 'add0' },
        { selector: 'li:nth-child(3) button', role: 'button', effect: 'add2' },
        { selector: 'li:nth-child(2) a', role: 'link' },
      ],
    },
    enhancer: { island: islands.enhancer, markup: '<button type="button" aria-expanded="false">Menu</button>', controls: [{ selector: 'button', role: 'button', effect: 'menu' }], atLoad: true },
  };
}

/** What the page did on its own: default actions, and what the host page's delegated click handler saw. */
export interface Browser {
  /** Links followed and forms posted ('GET /cart', 'POST /cart/add'). */
  navigations: string[];
  /** Clicks that reached a `document` click listener in the bubble phase (jQuery's delegated handlers). */
  documentClicks: number;
  /** Set once the page navigated or reloaded: the shopper's later input goes nowhere. */
  gone: boolean;
  stop(): void;
}

/** Default actions of clicks and submits nobody prevented (happy-dom's own are kept from running: the page stays). */
export function browser(): Browser {
  const state: Browser = { navigations: [], documentClicks: 0, gone: false, stop };
  const navigate = (to: string) => {
    state.navigations.push(to);
    state.gone = true;
  };
  const onDocumentClick = () => void state.documentClicks++;
  const onClick = (event: Event) => {
    const prevented = event.defaultPrevented;
    event.preventDefault();
    if (prevented || state.gone) return;
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>('a[href]');
    const submit = target.closest<HTMLButtonElement>('button[type="submit"]');
    if (link) navigate(`GET ${link.getAttribute('href')}`);
    else if (submit?.form) submitForm(submit.form);
  };
  const onSubmit = (event: Event) => {
    const prevented = event.defaultPrevented;
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    if (!prevented && !state.gone) navigate(`${(form.getAttribute('method') ?? 'get').toUpperCase()} ${form.getAttribute('action')}`);
  };
  document.addEventListener('click', onDocumentClick);
  window.addEventListener('click', onClick);
  window.addEventListener('submit', onSubmit);
  function stop() {
    document.removeEventListener('click', onDocumentClick);
    window.removeEventListener('click', onClick);
    window.removeEventListener('submit', onSubmit);
  }
  return state;
}

function submitForm(form: HTMLFormElement): void {
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

/** A click as the browser sends it after a tap or a mouse press (and a key that activates). */
function click(element: Element): void {
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
}

function focus(element: HTMLElement): void {
  if (document.activeElement !== element) element.focus();
}

function key(element: Element, type: 'keydown' | 'keyup', name: string): boolean {
  return element.dispatchEvent(new KeyboardEvent(type, { key: name, code: name === ' ' ? 'Space' : name, bubbles: true, cancelable: true }));
}

export type Input = 'tap' | 'click' | 'enter' | 'space' | 'focus' | 'arrowDown' | 'type';

/**
 * The first half of a tap or a mouse click: the finger or the button goes down (the island's code may
 * come before the rest); returns the second. The release goes to what is at the place now: the element
 * pressed, which hydration keeps (were it replaced, its click would reach no island: the case fails).
 * A tap's mouse events and its click all come at the release. `mouseLater`: a mouse's mousedown comes
 * with the release (Firefox, whose pointerdown woke the page).
 */
export function pressDown(input: 'tap' | 'click', element: HTMLElement, mouseLater = false): () => void {
  const pointerType = input === 'tap' ? 'touch' : 'mouse';
  const mouse = (type: string) => element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
  if (input === 'tap') element.dispatchEvent(new Event('touchstart', { bubbles: true }));
  element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerType }));
  if (input === 'click' && !mouseLater) mouse('mousedown');
  focus(element);
  return () => {
    if (input === 'click' && mouseLater) mouse('mousedown');
    element.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, cancelable: true, pointerType }));
    if (input === 'tap') mouse('mousedown');
    mouse('mouseup');
    click(element);
  };
}

/** Performs one input on `element` as a browser would. */
export function perform(input: Input, element: HTMLElement, letter = 'a'): void {
  switch (input) {
    case 'tap':
    case 'click':
      return pressDown(input, element)();
    case 'focus':
      return focus(element);
    case 'enter': {
      focus(element);
      if (!key(element, 'keydown', 'Enter')) return;
      // Enter activates a button or link, and submits the form of a text field.
      if (element instanceof HTMLInputElement) {
        if (element.form) submitForm(element.form);
      } else click(element);
      key(element, 'keyup', 'Enter');
      return;
    }
    case 'space': {
      focus(element);
      const down = key(element, 'keydown', ' ');
      if (element instanceof HTMLInputElement) {
        if (down) typeInto(element, ' ');
        key(element, 'keyup', ' ');
        return;
      }
      // A button clicks on keyup, unless the keydown was prevented.
      if (key(element, 'keyup', ' ') && down && element instanceof HTMLButtonElement) click(element);
      return;
    }
    case 'arrowDown':
      focus(element);
      key(element, 'keydown', 'ArrowDown');
      key(element, 'keyup', 'ArrowDown');
      return;
    case 'type':
      focus(element);
      if (key(element, 'keydown', letter)) typeInto(element as HTMLInputElement, letter);
      key(element, 'keyup', letter);
  }
}

function typeInto(field: HTMLInputElement, text: string): void {
  field.value += text;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, data: text, inputType: 'insertText' }));
}
