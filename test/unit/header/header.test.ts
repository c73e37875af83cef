import { act, fireEvent, render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../demo-pages/render';
import { EVENTS, on } from '../../../shared/events';
import { $openPanel } from '../../../shared/stores/panels';
import { closeModal, openModal } from '../../../shared/stores/modals';
import { Modal } from '../../../shared/ui/Modal';
import island from '../../../widgets/header/island';
import { deliver } from '../../../shared/runtime/deliver';
import { PENDING } from '../../../shared/runtime/ssr';

/** The demo page's real header markup, as the server renders it. */
function headerHtml(loggedIn = false): string {
  const { html } = renderPage({ path: '/cart', query: new URLSearchParams(), cookies: loggedIn ? { demo_user: '1' } : {}, build: 'preact' });
  return /<header[\s\S]*<\/header>/.exec(html)![0];
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  window.scrollTo(0, 0);
});

function mountHeader(loggedIn = false) {
  document.body.innerHTML = `${headerHtml(loggedIn)}<main><a href="/x">Page link</a></main>`;
  const host = document.querySelector<HTMLElement>('[data-widget="header"]')!;
  unmount = island.mount(host);
  return host;
}

const toggle = (id: string) => document.querySelector<HTMLElement>(`[data-panel-toggle="${id}"]`)!;
const panel = (id: string) => document.querySelector<HTMLElement>(`[data-panel="${id}"]`)!;
const overlay = () => document.querySelector<HTMLElement>('[data-header-overlay]')!;
const submenuToggle = (name: string) => screen.getByRole('button', { name });
/** happy-dom's own API: resizes the window and fires resize. */
const setInnerWidth = (width: number) =>
  (window as unknown as { happyDOM: { setInnerWidth(width: number): void } }).happyDOM.setInnerWidth(width);
const escape = () => fireEvent.keyDown(document.body, { key: 'Escape' });

describe('header: panels', () => {
  it('a toggle opens its panel and the overlay, with aria-expanded; one panel at a time', () => {
    mountHeader();
    expect(panel('account').hidden).toBe(true);
    expect(overlay().hidden).toBe(true);
    fireEvent.click(toggle('account'));
    expect($openPanel.get()).toBe('account');
    expect(toggle('account').getAttribute('aria-expanded')).toBe('true');
    expect(panel('account').hidden).toBe(false);
    expect(overlay().hidden).toBe(false);
    fireEvent.click(toggle('main-menu'));
    expect(panel('account').hidden).toBe(true);
    expect(toggle('account').getAttribute('aria-expanded')).toBe('false');
    // The main menu is shown on wide screens anyway: it only gets the class.
    expect(panel('main-menu').classList.contains('is-open')).toBe(true);
    expect(panel('main-menu').hidden).toBe(false);
    fireEvent.click(toggle('main-menu'));
    expect($openPanel.get()).toBe(null);
    expect(overlay().hidden).toBe(true);
  });

  it("mounts with a panel already open (the cart tapped while the header's code was on its way): the overlay shows, nothing throws", () => {
    $openPanel.set('cart');
    try {
      const host = mountHeader();
      expect(host.isConnected).toBe(true);
      expect(overlay().hidden).toBe(false);
      // And it works: the account menu takes over from the cart.
      fireEvent.click(toggle('account'));
      expect(panel('account').hidden).toBe(false);
      expect(toggle('account').getAttribute('aria-expanded')).toBe('true');
    } finally {
      $openPanel.set(null);
    }
  });

  it('the cart dropdown opening closes the account menu and shows the overlay', () => {
    mountHeader();
    fireEvent.click(toggle('account'));
    $openPanel.set('cart');
    expect(panel('account').hidden).toBe(true);
    expect(overlay().hidden).toBe(false);
  });

  it('clicking the overlay closes everything', () => {
    mountHeader();
    fireEvent.click(toggle('account'));
    fireEvent.click(overlay());
    expect($openPanel.get()).toBe(null);
    expect(panel('account').hidden).toBe(true);
    expect(overlay().hidden).toBe(true);
  });

  it('a press outside the panels closes them; inside the open panel it does not', () => {
    mountHeader();
    fireEvent.click(toggle('account'));
    fireEvent.pointerDown(panel('account').querySelector('a')!);
    expect($openPanel.get()).toBe('account');
    fireEvent.pointerDown(screen.getByText('Page link'));
    expect($openPanel.get()).toBe(null);
  });

  it('Escape closes the open panel and gives focus back to its toggle', () => {
    mountHeader();
    fireEvent.click(toggle('account'));
    panel('account').querySelector('a')!.focus();
    escape();
    expect($openPanel.get()).toBe(null);
    expect(document.activeElement).toBe(toggle('account'));
  });

  it('leaves Escape for the cart to the cart dropdown', () => {
    mountHeader();
    $openPanel.set('cart');
    escape();
    expect($openPanel.get()).toBe('cart');
  });

  it('a toggle tapped while its code was on its way opens its panel once it comes (the held click)', () => {
    document.body.innerHTML = `${headerHtml()}<main><a href="/x">Page link</a></main>`;
    const host = document.querySelector<HTMLElement>('[data-widget="header"]')!;
    // What the runtime does meanwhile (intent.ts pend): the panel the held click controls shows, busy.
    const held = { kind: 'click' as const, element: toggle('mobile-search') };
    for (const element of [toggle('mobile-search'), panel('mobile-search')]) {
      element.setAttribute(PENDING, '');
      element.setAttribute('aria-busy', 'true');
      element.hidden = false;
    }
    unmount = island.mount(host);
    deliver(host, [held]);
    expect($openPanel.get()).toBe('mobile-search');
    expect(panel('mobile-search').hidden).toBe(false);
    expect(panel('mobile-search').hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(toggle('mobile-search'));
    expect(panel('mobile-search').hidden).toBe(true);
  });

  it('leaves Escape to an open modal, even one the focus is not in', () => {
    mountHeader();
    render(h(Modal, { id: 'login-modal', title: 'Sign in', children: 'Email' }));
    fireEvent.click(toggle('account'));
    act(() => openModal('login-modal'));
    escape(); // on the page behind the modal
    expect($openPanel.get()).toBe('account');
    act(() => closeModal('login-modal'));
    escape();
    expect($openPanel.get()).toBe(null);
  });

  it('the mobile search focuses its field and closes when the window grows above 960 px', () => {
    mountHeader();
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Search');
    panel('mobile-search').append(input);
    fireEvent.click(toggle('mobile-search'));
    expect(panel('mobile-search').hidden).toBe(false);
    expect(document.activeElement).toBe(input);
    setInnerWidth(960);
    expect($openPanel.get()).toBe('mobile-search');
    setInnerWidth(961);
    expect($openPanel.get()).toBe(null);
    expect(panel('mobile-search').hidden).toBe(true);
    setInnerWidth(1024);
  });
});

describe('header: sub-menus', () => {
  it('open one at a time, close on Escape (focus back) and on a press outside', () => {
    mountHeader();
    const sports = submenuToggle('Sports');
    const sub = document.getElementById(sports.getAttribute('aria-controls')!)!;
    fireEvent.click(sports);
    expect(sports.getAttribute('aria-expanded')).toBe('true');
    expect(sub.hidden).toBe(false);
    fireEvent.click(submenuToggle('Supplies'));
    expect(sub.hidden).toBe(true);
    expect(sports.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(sports);
    escape();
    expect(sub.hidden).toBe(true);
    expect(document.activeElement).toBe(sports);
    fireEvent.click(sports);
    fireEvent.pointerDown(sub.querySelector('a')!);
    expect(sub.hidden).toBe(false);
    fireEvent.pointerDown(screen.getByText('Page link'));
    expect(sub.hidden).toBe(true);
  });

  it('opening a sub-menu closes another open panel, and opening a panel closes the sub-menu', () => {
    mountHeader();
    $openPanel.set('cart');
    const sports = submenuToggle('Sports');
    fireEvent.click(sports);
    expect($openPanel.get()).toBe(null);
    fireEvent.click(toggle('account'));
    expect(sports.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('header: scrolling', () => {
  const scrollTo = (y: number) => {
    window.scrollTo(0, y);
    fireEvent.scroll(window);
  };

  it('hides the top bar and info bar beyond 10 px and brings them back at the top', () => {
    const host = mountHeader();
    scrollTo(10);
    expect(host.classList.contains('sfw-header--compact')).toBe(false);
    scrollTo(11);
    expect(host.classList.contains('sfw-header--compact')).toBe(true);
    scrollTo(0);
    expect(host.classList.contains('sfw-header--compact')).toBe(false);
  });

  it('a page restored scrolled down starts with the bars hidden', async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, 400);
    await nextFrame(); // happy-dom's own scroll event, before the header listens
    const host = mountHeader();
    await nextFrame();
    expect(host.classList.contains('sfw-header--compact')).toBe(true);
  });

  it('hides nothing while a panel is open', () => {
    const host = mountHeader();
    fireEvent.click(toggle('account'));
    scrollTo(300);
    expect(host.classList.contains('sfw-header--compact')).toBe(false);
    fireEvent.click(overlay());
    expect(host.classList.contains('sfw-header--compact')).toBe(true);
  });
});

describe('header: alerts, region and modals', () => {
  it('a dismissed alert hides, focus moves on, and it stays hidden on the next page', () => {
    mountHeader();
    const row = document.querySelector<HTMLElement>('[data-alert-id]')!;
    const dismiss = screen.getByRole('button', { name: 'Dismiss announcement' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(row.hidden).toBe(true);
    expect(document.activeElement).not.toBe(document.body);
    expect(row.contains(document.activeElement)).toBe(false);
    unmount!();
    mountHeader();
    expect(document.querySelector<HTMLElement>('[data-alert-id]')!.hidden).toBe(true);
  });

  it('the flag opens the region dialog through the modal-open event', () => {
    mountHeader();
    const opened: unknown[] = [];
    const off = on(EVENTS.modalOpen, (d) => opened.push(d));
    fireEvent.click(screen.getByRole('button', { name: 'Choose your region' }));
    expect(opened).toEqual([{ id: 'region-dialog', source: 'header' }]);
    off();
  });

  it('Sign in in the account menu opens the login modal, closes the menu and leaves focus on its toggle', () => {
    mountHeader();
    const opened: unknown[] = [];
    const off = on(EVENTS.modalOpen, (d) => opened.push(d));
    fireEvent.click(toggle('account'));
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    signIn.focus();
    fireEvent.click(signIn);
    expect(opened).toEqual([{ id: 'login-modal', source: 'header' }]);
    expect($openPanel.get()).toBe(null);
    expect(document.activeElement).toBe(toggle('account'));
    off();
  });

  it('unmounting stops all wiring', () => {
    mountHeader();
    unmount!();
    unmount = undefined;
    fireEvent.click(toggle('account'));
    expect($openPanel.get()).toBe(null);
    $openPanel.set('account');
    expect(panel('account').hidden).toBe(true);
  });
});
