/**
 * Slider rules (spec §9 "Slider breakpoints", "Slide speed", "Pagination").
 *
 * The spec lists 'width: slides per view and per group' as 550: 2, 750: 3,
 * 1000: 4, 1600: 6, above that: 7. 'Above that: 7' only makes sense if each
 * width is an UPPER bound, so we read it as: up to 550 px 2 slides, up to
 * 750 px 3, up to 1000 px 4, up to 1600 px 6, wider than 1600 px 7. The
 * width is the window's (window.innerWidth), not the slider's.
 */

/** [largest window width in px, slides per view and per group], ascending. */
export const BREAKPOINTS: ReadonlyArray<readonly [maxWidth: number, slides: number]> = [
  [550, 2],
  [750, 3],
  [1000, 4],
  [1600, 6],
];
/** Slides per view above the last breakpoint. */
export const WIDEST_SLIDES = 7;
/** Duration of one previous/next/dot move. */
export const SLIDE_SPEED_MS = 1000;

export function slidesPerView(windowWidth: number): number {
  for (const [maxWidth, slides] of BREAKPOINTS) if (windowWidth <= maxWidth) return slides;
  return WIDEST_SLIDES;
}

/** Groups of `perView` slides; the last may be partial. At least 1. */
export function pageCount(slides: number, perView: number): number {
  return Math.max(1, Math.ceil(slides / perView));
}

/** Pagination shows only with more than one product. */
export function showPagination(slides: number): boolean {
  return slides > 1;
}

/**
 * The page shown at a scroll offset. A page is one view wide plus the gap
 * after it; at the end of the track it is the last page (the last group may
 * be partial, so the track cannot scroll to its start).
 */
export function pageAt(scrollLeft: number, viewWidth: number, gap: number, maxScroll: number, pages: number): number {
  if (pages <= 1 || viewWidth <= 0) return 0;
  if (scrollLeft >= maxScroll - 1) return pages - 1;
  return Math.min(pages - 1, Math.max(0, Math.round(scrollLeft / (viewWidth + gap))));
}

/** easeInOutCubic: slow start and end over the fixed slide speed. */
export function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}
