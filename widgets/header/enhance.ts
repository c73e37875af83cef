/**
 * Wires the server-rendered header (spec §2 Header). Nothing is re-rendered:
 * the menus stay in the page's HTML.
 */
import { emit, EVENTS } from '../../shared/events';
import { PENDING } from '../../shared/runtime/ssr';
import { $openPanel, closePanels, togglePanel } from '../../shared/stores/panels';
import { isDismissed, rememberDismissed } from './rules/alerts';
import { barsHidden, MOBILE_MAX_WIDTH } from './rules/scroll';

/** Attribute names of the header markup contract (see island.ts). */
export const ATTR = {
  panelToggle: 'data-panel-toggle',
  panel: 'data-panel',
  submenuToggle: 'data-submenu-toggle',
  alertId: 'data-alert-id',
  alertDismiss: 'data-alert-dismiss',
  regionOpen: 'data-region-open',
  modalOpen: 'data-modal-open',
  overlay: 'data-header-overlay',
} as const;

/** Class set on the header while the top bar and info bar are hidden. */
export const COMPACT = 'sfw-header--compact';
/** Panels that only exist on small screens. */
const MOBILE_PANELS = ['mobile-search', 'main-menu'];
/**
 * A storefront modal is open (shared/ui/Modal.tsx renders its panel only then): Escape is the modal's. Read from
 * the page, not from the modal store: its module would then run before input on every page (a test holds the two).
 */
const modalOpen = () => document.querySelector('dialog[data-modal-id] > .sfw-modal__panel') !== null;
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function enhanceHeader(host: HTMLElement): () => void {
  const offs: Array<() => void> = [];
  const listen = <K extends keyof WindowEventMap>(
    target: Window | Document | HTMLElement,
    type: K,
    fn: (event: WindowEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ) => {
    target.addEventListener(type, fn as EventListener, options);
    offs.push(() => target.removeEventListener(type, fn as EventListener, options));
  };
  const all = (selector: string) => [...host.querySelectorAll<HTMLElement>(selector)];

  // --- panels: one open at a time, shared with the cart dropdown ($openPanel)
  const toggles = all(`[${ATTR.panelToggle}]`);
  const panels = new Map<string, HTMLElement>();
  for (const toggle of toggles) {
    const id = toggle.getAttribute(ATTR.panelToggle) ?? '';
    const panel =
      all(`[${ATTR.panel}]`).find((p) => p.getAttribute(ATTR.panel) === id) ??
      document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (id && panel) panels.set(id, panel);
  }
  // Panels hidden by the server toggle `hidden`; the others (the main menu,
  // always shown on wide screens) only get the class.
  // A panel a held click showed while this code was on its way (intent.ts pend) was hidden by the server too:
  // it is hidden again just before that click reaches us (deliver.ts settle).
  const hiddenByServer = new Set([...panels.values()].filter((p) => p.hidden || p.hasAttribute(PENDING)));
  const overlay = host.querySelector<HTMLElement>(`[${ATTR.overlay}]`);

  let compact = false;
  const updateBars = () => {
    const next = barsHidden(window.scrollY, compact, $openPanel.get() !== null);
    if (next === compact) return;
    compact = next;
    host.classList.toggle(COMPACT, compact);
  };

  // --- sub-menus of the main menu: disclosure buttons, one open at a time (before the first sync: a panel already open at mount closes them)
  const submenuToggles = all(`[${ATTR.submenuToggle}]`);
  const submenuOf = (toggle: HTMLElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  const openSubmenuToggle = () => submenuToggles.find((t) => t.getAttribute('aria-expanded') === 'true');
  function closeSubmenus(): void {
    for (const toggle of submenuToggles) {
      toggle.setAttribute('aria-expanded', 'false');
      const sub = submenuOf(toggle);
      if (sub) sub.hidden = true;
    }
  }

  const sync = (open: string | null) => {
    for (const toggle of toggles) toggle.setAttribute('aria-expanded', String(toggle.getAttribute(ATTR.panelToggle) === open));
    for (const [id, panel] of panels) {
      panel.classList.toggle('is-open', id === open);
      if (hiddenByServer.has(panel)) panel.hidden = id !== open;
    }
    if (overlay) overlay.hidden = open === null;
    if (open !== null && open !== 'main-menu') closeSubmenus();
  };
  sync($openPanel.get());
  offs.push(
    $openPanel.listen((open) => {
      sync(open);
      updateBars();
    }),
  );

  // --- alerts dismissed on an earlier page stay hidden
  for (const row of all(`[${ATTR.alertId}]`)) {
    if (isDismissed(row.getAttribute(ATTR.alertId) ?? '')) row.hidden = true;
  }

  const openModalFrom = (button: HTMLElement, id: string) => {
    // The modal gives focus back to what had it; give it a toggle that stays visible.
    const open = $openPanel.get();
    if (open && panels.get(open)?.contains(button)) toggles.find((t) => t.getAttribute(ATTR.panelToggle) === open)?.focus();
    closePanels();
    closeSubmenus();
    emit(EVENTS.modalOpen, { id, source: 'header' });
  };

  listen(host, 'click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const el = (attr: string) => {
      const found = target.closest<HTMLElement>(`[${attr}]`);
      return found && host.contains(found) ? found : null;
    };
    let button: HTMLElement | null;
    if ((button = el(ATTR.panelToggle))) {
      const id = button.getAttribute(ATTR.panelToggle) ?? '';
      const opening = $openPanel.get() !== id;
      togglePanel(id);
      // A search panel is for typing: focus its field.
      if (opening) panels.get(id)?.querySelector<HTMLElement>('input:not([type="hidden"])')?.focus();
    } else if ((button = el(ATTR.submenuToggle))) {
      const opening = button.getAttribute('aria-expanded') !== 'true';
      closeSubmenus();
      if (!opening) return;
      button.setAttribute('aria-expanded', 'true');
      const sub = submenuOf(button);
      if (sub) sub.hidden = false;
      if ($openPanel.get() !== 'main-menu') closePanels();
    } else if ((button = el(ATTR.alertDismiss))) {
      dismiss(button);
    } else if ((button = el(ATTR.regionOpen))) {
      openModalFrom(button, 'region-dialog');
    } else if ((button = el(ATTR.modalOpen))) {
      openModalFrom(button, button.getAttribute(ATTR.modalOpen) ?? '');
    } else if (el(ATTR.overlay)) {
      closePanels();
      closeSubmenus();
    }
  });

  function dismiss(button: HTMLElement): void {
    const row = button.closest<HTMLElement>(`[${ATTR.alertId}]`);
    if (!row) return;
    const hadFocus = row.contains(document.activeElement);
    rememberDismissed(row.getAttribute(ATTR.alertId) ?? '');
    row.hidden = true;
    if (!hadFocus) return;
    // Focus moves on to the next thing that can take it, not to the page top.
    for (const next of all(FOCUSABLE)) {
      if (!(row.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING) || next.closest('[hidden]')) continue;
      next.focus();
      if (document.activeElement === next) break;
    }
  }

  // A press outside every panel and toggle closes what is open. (pointerdown,
  // so a button elsewhere that opens a panel on click is not undone.)
  listen(document, 'pointerdown', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest(`[${ATTR.overlay}]`)) return;
    const sub = openSubmenuToggle();
    if (sub && !target.closest(`[${ATTR.submenuToggle}]`) && !submenuOf(sub)?.contains(target)) closeSubmenus();
    if ($openPanel.get() !== null && !target.closest(`[${ATTR.panel}], [${ATTR.panelToggle}]`)) closePanels();
  });

  // Escape closes the open sub-menu or panel and returns focus to its toggle.
  // (The cart dropdown handles its own panel.)
  listen(document, 'keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || modalOpen()) return;
    const sub = openSubmenuToggle();
    if (sub) {
      closeSubmenus();
      sub.focus();
      return;
    }
    const open = $openPanel.get();
    if (open === null || !panels.has(open)) return;
    closePanels();
    toggles.find((t) => t.getAttribute(ATTR.panelToggle) === open)?.focus();
  });

  listen(window, 'scroll', updateBars, { passive: true });
  // A page restored scrolled down starts compact. Read scrollY in the next
  // frame, not now: now it would force a layout in the middle of the mount.
  const frame = requestAnimationFrame(updateBars);
  offs.push(() => cancelAnimationFrame(frame));

  listen(window, 'resize', () => {
    const open = $openPanel.get();
    if (window.innerWidth > MOBILE_MAX_WIDTH && open && MOBILE_PANELS.includes(open)) closePanels();
  });

  return () => offs.forEach((off) => off());
}
