/**
 * The one reload-once policy (shared/runtime/reload.ts) and what the page it
 * reloads says (notice.ts): at most one reload a minute, none offline, and
 * the reloaded page tells the shopper why, once, in a polite live region.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { emit, EVENTS } from '../../../shared/events';
import { reloadOnce } from '../../../shared/runtime/reload';

const reload = vi.fn();
beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.replaceChildren();
});

it('reloads once, saying why; not again within a minute, and not offline', () => {
  expect(reloadOnce('cart-dialogs', new Error('404'))).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/cart-dialogs could not load its code \(404\); .* reloading the page once/));
  expect(reloadOnce('cart-dialogs', new Error('404'))).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
  sessionStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  expect(reloadOnce('cart-dialogs', new Error('404'))).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
});

async function shownNotice(): Promise<HTMLElement | null> {
  vi.useFakeTimers();
  vi.resetModules();
  await import('../../../shared/runtime/notice');
  vi.advanceTimersByTime(1000);
  return document.querySelector<HTMLElement>('[role="status"]');
}

it('the reloaded page says the shop was updated, once', async () => {
  reloadOnce('search-bar', new Error('404'));
  const status = await shownNotice();
  expect(status?.textContent).toBe('The shop was updated, so the page was reloaded. Please try again.');
  document.body.replaceChildren();
  expect(await shownNotice()).toBeNull(); // the next load says nothing
});

it('after an add that went through, the reloaded page confirms it', async () => {
  emit(EVENTS.cartUpdated, { source: 'teaser-card', count: 1 });
  reloadOnce('cart-dialogs', new Error('404'));
  expect((await shownNotice())?.textContent).toBe('Product added to your cart! The shop was updated, so the page was reloaded.');
});
