/**
 * A product image: lazy by default, explicit dimensions so grids do not
 * shift, responsive `<source>`s when given, and a placeholder when the
 * product has no image, an unsafe one (`javascript:`), or it fails to load.
 */
import { useState } from 'react';
import { isSafeUrl } from '../safe-url';
import placeholderFile from '../assets/placeholder.svg';
import comingSoonFile from '../assets/coming-soon.svg';

// esbuild's file loader gives a path relative to the bundle; resolve it
// against this chunk's URL so it works wherever the bundle is served from.
const asset = (file: string) => new URL(file, import.meta.url).href;
export const PLACEHOLDER_SRC = asset(placeholderFile);
export const COMING_SOON_SRC = asset(comingSoonFile);

export interface ImageSource {
  /** e.g. '(max-width: 400px)' */
  media: string;
  src: string;
}

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Which placeholder stands in for a missing image: the header widgets use 'coming-soon'. */
  placeholder?: 'default' | 'coming-soon';
  sources?: ReadonlyArray<ImageSource | null>;
  eager?: boolean;
  className?: string;
}

export function ProductImage({ src, alt, width, height, placeholder = 'default', sources, eager, className }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const fallback = placeholder === 'coming-soon' ? COMING_SOON_SRC : PLACEHOLDER_SRC;
  const usable = src && isSafeUrl(src) && !failed ? src : null;
  const img = (
    <img
      className={className ? `sfw-img ${className}` : 'sfw-img'}
      src={usable ?? fallback}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is above the fold (a grid's first row): it is the page's LCP candidate.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={usable ? () => setFailed(true) : undefined}
    />
  );
  const usableSources = usable ? (sources ?? []).filter((s): s is ImageSource => !!s?.src) : [];
  if (usableSources.length === 0) return img;
  return (
    <picture>
      {usableSources.map((s) => (
        <source key={s.media} media={s.media} srcSet={s.src} />
      ))}
      {img}
    </picture>
  );
}
