import { useState } from 'react';

/** A book cover with width and height set (no layout shift), lazy by default; 'No Image' without one. */
export function BookCover({
  src,
  title,
  width,
  height,
  eager = false,
  className = '',
}: {
  src: string | null;
  title: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={`No cover for ${title}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex items-center justify-center bg-gradient-to-br from-stone-100 to-stone-200 text-sm font-medium text-stone-600 ${className}`}
      >
        No Image
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={`Cover of ${title}`}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // An eager cover is the page's largest paint (the book page): fetched before the other images.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
