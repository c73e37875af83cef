/**
 * The React build only (prefetch.ts imports it when the browser is idle,
 * after running React DOM): hydrates a small tree once, on an element
 * outside the page, and unmounts it. V8 compiles a function when it first
 * runs, so without this the first island a shopper wakes pays for compiling
 * React's render, hydration and commit: at 4× CPU the cart's hydration was
 * one task of 62–82 ms, 32–45 ms of it script. The tree uses what islands
 * use: a class boundary, context, state, a store, layout and passive
 * effects, a ref, an event prop, attributes and text.
 */
import { Component, createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

const Scope = createContext(0);
const subscribe = () => () => {};
const one = () => 1;

class Boundary extends Component<{ children: ReactNode }> {
  override render() {
    return this.props.children;
  }
}

function Part({ done }: { done: () => void }) {
  const scope = useContext(Scope);
  const value = useSyncExternalStore(subscribe, one, one);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!open) setOpen(true);
  }, [open]);
  useEffect(() => {
    if (open) done();
  }, [open, done]);
  return (
    <div className="w" data-n={scope + value}>
      <button ref={ref} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        a
      </button>
      <a href="#w">{`a ${value}`}</a>
    </div>
  );
}

/** `tag` with these attributes and text, in `parent` (no innerHTML: a page may require Trusted Types). */
function add(parent: Element, tag: string, attributes: Record<string, string>, text = ''): Element {
  const element = parent.appendChild(document.createElement(tag));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.textContent = text;
  return element;
}

// The HTML a server would have rendered for the first frame: hydration matches it (no recoverable error, checked).
const host = document.createElement('div');
const frame = add(host, 'div', { class: 'w', 'data-n': '1' });
add(frame, 'button', { type: 'button', 'aria-expanded': 'false' }, 'a');
add(frame, 'a', { href: '#w' }, 'a 1');
const root = hydrateRoot(
  host,
  <Scope.Provider value={0}>
    <Boundary>
      <Part done={() => setTimeout(() => root.unmount())} />
    </Boundary>
  </Scope.Provider>,
  // A mismatch here is nobody's business: not reported as a page error.
  { onRecoverableError() {} },
);
