/** Header scroll threshold (spec §9): beyond it the top bar and info bar hide. */
export const SCROLL_THRESHOLD = 10;
/** The mobile search (and the mobile menu) close when the window grows above this width (spec §9). */
export const MOBILE_MAX_WIDTH = 960;

/**
 * Whether the top bar and info bar are hidden after a scroll to `scrollY`.
 * They hide beyond 10 px and come back at the top; in between nothing
 * changes, so a page whose height shrinks with the bars cannot flicker.
 * Nothing hides while a panel is open.
 */
export function barsHidden(scrollY: number, wasHidden: boolean, panelOpen: boolean): boolean {
  if (scrollY <= 0) return false;
  if (panelOpen) return wasHidden;
  return scrollY > SCROLL_THRESHOLD ? true : wasHidden;
}
