import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getRecentlyViewed } from '../../shared/api/calls';
import { isAborted, logFailure } from '../../shared/api/client';
import type { ProductTeaser } from '../../shared/api/schemas';
import { $region } from '../../shared/stores/region';
import { ListItems, type ListItemProps } from '../../shared/runtime/list';
import { LOADING_ATTR } from '../../shared/runtime/ssr';
import { Spinner } from '../../shared/ui/Spinner';
import { TeaserCard } from '../teaser-card/TeaserCard';
import { ease, pageAt, pageCount, showPagination, SLIDE_SPEED_MS, slidesPerView, WIDEST_SLIDES } from './slider';
import { usePageId } from '../../shared/ui/use-page-id';

export const EMPTY_MESSAGE = 'No products to display!';
export const ERROR_MESSAGE = 'There was an issue retrieving the feed!';

type Feed = { status: 'loading' } | { status: 'error' } | { status: 'done'; products: ProductTeaser[] };

export interface RecentlyViewedProps {
  /** The list as the server knows it: shown at once, server-rendered, no call. */
  products?: ProductTeaser[] | null;
}

/** GET /recently-viewed (unless the page gave the list): loading, then the slider, or the empty or the error message (spec §4). */
export function RecentlyViewed({ products }: RecentlyViewedProps) {
  const [feed, setFeed] = useState<Feed>(() => (products ? { status: 'done', products } : { status: 'loading' }));

  useEffect(() => {
    if (products) return;
    const controller = new AbortController();
    getRecentlyViewed({ signal: controller.signal }).then(
      (products) => setFeed({ status: 'done', products }),
      (error: unknown) => {
        if (isAborted(error)) return;
        logFailure('Recently viewed', error);
        setFeed({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  if (feed.status === 'loading') {
    return (
      // Also the server's HTML without a list: marked so, the hook loads near the viewport (wake.ts).
      <div className="sfw-recently-viewed__status" {...{ [LOADING_ATTR]: '' }}>
        <Spinner label="Loading recently viewed products" />
      </div>
    );
  }
  if (feed.status === 'error') {
    return (
      <p className="sfw-recently-viewed__message sfw-recently-viewed__message--error" role="alert">
        {ERROR_MESSAGE}
      </p>
    );
  }
  if (feed.products.length === 0) return <p className="sfw-recently-viewed__message">{EMPTY_MESSAGE}</p>;
  return <Slider products={feed.products} />;
}

/**
 * CSS scroll-snap carousel: native touch swipe and momentum, no drag code,
 * a fraction of a carousel library's size. Slides per view follow the
 * window width (slider.ts) in the CSS's media queries, which also make the
 * first slide of each group a snap point, so a swipe moves by whole groups:
 * server HTML is laid out right before any script runs. Previous/next and
 * the dots glide over SLIDE_SPEED_MS with snapping paused meanwhile (a
 * programmatic scroll would otherwise re-snap on every frame). The dots
 * depend on the window, so they render after mount (the server cannot know
 * it; the first render is the same on both sides).
 */
function Slider({ products }: { products: ProductTeaser[] }) {
  const uid = usePageId('sfw-recently-viewed');
  const track = useRef<HTMLUListElement>(null);
  const stopGlide = useRef<() => void>(() => {});
  /** Null until mounted: the server's render and the hydrating one agree. */
  const [perView, setPerView] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const pages = pageCount(products.length, perView ?? WIDEST_SLIDES);

  useEffect(() => {
    const el = track.current!;
    const sync = () => {
      const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
      setPage(pageAt(el.scrollLeft, el.clientWidth, gap, el.scrollWidth - el.clientWidth, pages));
    };
    const resize = () => setPerView(slidesPerView(window.innerWidth));
    // The shopper takes over: stop a glide in progress.
    const interrupt = () => stopGlide.current();
    resize();
    sync();
    el.addEventListener('scroll', sync, { passive: true });
    el.addEventListener('pointerdown', interrupt, { passive: true });
    el.addEventListener('wheel', interrupt, { passive: true });
    window.addEventListener('resize', resize);
    return () => {
      el.removeEventListener('scroll', sync);
      el.removeEventListener('pointerdown', interrupt);
      el.removeEventListener('wheel', interrupt);
      window.removeEventListener('resize', resize);
      stopGlide.current();
    };
  }, [pages]);

  /**
   * Glides to page `target`, clamped to the first and last. Measures the window itself: a click
   * held while the page slept is delivered in the commit that hydrates, before the effect above.
   */
  function goTo(target: number) {
    const el = track.current;
    const slides = el?.children;
    if (!el || !slides?.length) return;
    const view = perView ?? slidesPerView(window.innerWidth);
    const index = Math.min(Math.max(target, 0), pageCount(products.length, view) - 1) * view;
    const first = slides[0] as HTMLElement;
    const left = Math.min((slides[index] as HTMLElement).offsetLeft - first.offsetLeft, el.scrollWidth - el.clientWidth);
    stopGlide.current();
    stopGlide.current = glide(el, left);
  }

  const atStart = page <= 0;
  const atEnd = page >= pages - 1;
  return (
    <div className="sfw-recently-viewed">
      <div className="sfw-recently-viewed__frame">
        <button
          type="button"
          className="sfw-recently-viewed__nav sfw-recently-viewed__nav--prev"
          aria-label="Previous products"
          aria-controls={uid}
          aria-disabled={atStart}
          onClick={() => goTo(page - 1)}
        />
        <ul className="sfw-recently-viewed__track" id={uid} ref={track} data-per-view={perView ?? undefined}>
          <ListItems items={products} Item={Slide} className="sfw-recently-viewed__slide" />
        </ul>
        <button
          type="button"
          className="sfw-recently-viewed__nav sfw-recently-viewed__nav--next"
          aria-label="Next products"
          aria-controls={uid}
          aria-disabled={atEnd}
          onClick={() => goTo(page + 1)}
        />
      </div>
      {perView !== null && showPagination(products.length) && (
        <div className="sfw-recently-viewed__dots" role="group" aria-label="Recently viewed pages">
          {Array.from({ length: pages }, (_, i) => (
            <button
              key={i}
              type="button"
              className="sfw-recently-viewed__dot"
              aria-label={`Page ${i + 1} of ${pages}`}
              aria-controls={uid}
              aria-current={i === page ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** One slide: a teaser card (each checked against the server's before the slider hydrates, shared/runtime/list.tsx). */
function Slide({ item }: ListItemProps<ProductTeaser>) {
  const region = useStore($region);
  return <TeaserCard product={item} region={region} source="recently-viewed" uid={usePageId('sfw-recently-viewed')} />;
}

/** Scrolls `el` to `left` over SLIDE_SPEED_MS (at once with reduced motion); returns a stop function. */
function glide(el: HTMLElement, left: number): () => void {
  const from = el.scrollLeft;
  if (from === left) return () => {};
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    el.scrollLeft = left;
    return () => {};
  }
  el.style.scrollSnapType = 'none';
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    el.style.scrollSnapType = '';
  };
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / SLIDE_SPEED_MS);
    el.scrollLeft = from + (left - from) * ease(t);
    if (t < 1) frame = requestAnimationFrame(step);
    else stop();
  };
  frame = requestAnimationFrame(step);
  return stop;
}
