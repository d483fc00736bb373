import React, { useEffect, useState } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

export type ThumbnailProps = {
  /** Path under site/static (e.g. /img/wiki/example.svg); the base URL is added here. */
  src: string;
  /** Required: describes the image for readers who cannot see it. */
  alt: string;
  /** Optional CSS width of the thumbnail, e.g. "600px" or "80%". */
  width?: string;
  className?: string;
};

/** An image that loads lazily and opens full size on click; Escape or a second click closes it. */
export default function Thumbnail({ src, alt, width, className }: ThumbnailProps): React.ReactNode {
  const url = useBaseUrl(src);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    if (!zoomed) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setZoomed(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoomed]);
  return (
    <>
      <button
        type="button"
        className={`${styles.thumb} ${className ?? ''}`}
        onClick={() => setZoomed(true)}
        aria-label={`Enlarge image: ${alt}`}
      >
        <img src={url} alt={alt} loading="lazy" decoding="async" style={width ? { width } : undefined} />
      </button>
      {zoomed && (
        <div
          className={styles.overlay}
          role="dialog"
          aria-modal="true"
          aria-label={alt}
          onClick={() => setZoomed(false)}
        >
          <img src={url} alt={alt} className={styles.full} />
        </div>
      )}
    </>
  );
}
