/**
 * Full-page navigation, in one object so tests can replace it
 * (`vi.spyOn(navigation, 'assign')`): happy-dom and real browsers would
 * otherwise leave the page under test.
 */
export const navigation = {
  /** Go to a same-site URL (e.g. '/user/logged-in' after login). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Reload the page (after a currency choice, so the server renders new prices). */
  reload(): void {
    window.location.reload();
  },
};
