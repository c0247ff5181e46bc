import { useState, type ReactNode } from 'react';

interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Drawn while the image is missing or failed to load. */
  fallback: ReactNode;
}

/**
 * Loads when scrolled near (native lazy loading) and shows the fallback when the image is missing or
 * broken. The image lies over its fallback and is visible from the start: it paints itself the moment
 * it arrives, without waiting for the app to notice; the fallback is dropped afterwards.
 */
export function LazyImage({ src, alt, className, fallback }: LazyImageProps) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const usable = Boolean(src) && !failed;
  return (
    <span className={['lazy-image', loaded && usable ? 'is-loaded' : '', className].filter(Boolean).join(' ')}>
      {(!loaded || !usable) && <span className="lazy-image__fallback">{fallback}</span>}
      {usable && (
        <img
          src={src!}
          alt={alt}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
