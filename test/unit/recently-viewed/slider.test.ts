import { describe, expect, it } from 'vitest';
import { ease, pageAt, pageCount, showPagination, slidesPerView } from '../../../widgets/recently-viewed/slider';

describe('slidesPerView (spec §9, each width an upper bound, window width)', () => {
  it.each([
    [320, 2],
    [500, 2],
    [550, 2],
    [551, 3],
    [700, 3],
    [750, 3],
    [751, 4],
    [900, 4],
    [1000, 4],
    [1001, 6],
    [1200, 6],
    [1600, 6],
    [1601, 7],
    [1800, 7],
    [3840, 7],
  ])('%i px: %i slides per view and per group', (width, slides) => {
    expect(slidesPerView(width)).toBe(slides);
  });
});

describe('pagination', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [8, true],
  ])('%i products: dots shown %s', (n, shown) => expect(showPagination(n)).toBe(shown));

  it.each([
    [8, 2, 4],
    [8, 3, 3],
    [8, 7, 2],
    [6, 6, 1],
    [1, 4, 1],
    [0, 4, 1],
  ])('%i slides, %i per view: %i pages', (slides, perView, pages) => expect(pageCount(slides, perView)).toBe(pages));

  // view 300 px wide, gap 16: page k starts at k × 316; 3 pages; the track ends at 500.
  it.each([
    [0, 0],
    [150, 0],
    [170, 1],
    [316, 1],
    [499, 2],
    [500, 2],
  ])('scrolled to %i px: page %i', (left, page) => expect(pageAt(left, 300, 16, 500, 3)).toBe(page));

  it('a single page is always page 0', () => expect(pageAt(40, 300, 16, 100, 1)).toBe(0));
});

describe('slide easing', () => {
  it('goes from 0 to 1, slow at the start and at the end', () => {
    expect([ease(0), ease(0.5), ease(1)]).toEqual([0, 0.5, 1]);
    expect(ease(0.25)).toBeLessThan(0.25);
    expect(ease(0.75)).toBeGreaterThan(0.75);
  });
});
