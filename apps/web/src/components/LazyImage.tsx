import { useState, type ReactNode } from 'react';

interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Drawn when there is no image or it fails to load. */
  fallback: ReactNode;
  /** For the few images on the first screen: fetched as soon as they exist, not after layout. */
  eager?: boolean;
}

/**
 * Loads when scrolled near (native lazy loading) and draws the fallback when the image is missing or
 * broken. While it loads, the container's own background shows through: the image paints itself the
 * moment it arrives, and nothing re-renders as a hundred logos come in.
 */
export function LazyImage({ src, alt, className, fallback, eager = false }: LazyImageProps) {
  const [failed, setFailed] = useState(false);
  const usable = Boolean(src) && !failed;
  return (
    <span className={['lazy-image', className].filter(Boolean).join(' ')}>
      {usable ? (
        <img src={src!} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" draggable={false} onError={() => setFailed(true)} />
      ) : (
        <span className="lazy-image__fallback">{fallback}</span>
      )}
    </span>
  );
}
