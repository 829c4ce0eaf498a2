/**
 * A book's cover at a small size (tables, lists), with 'No Image' in its place when there is none.
 * `className` sets the size; `decorative` when the title is already read next to it.
 */
export function BookThumb({
  src,
  title,
  className = 'h-16 w-12',
  decorative = false,
}: {
  src: string | null | undefined;
  title: string;
  className?: string;
  decorative?: boolean;
}) {
  if (!src) {
    return (
      <span
        className={`flex shrink-0 items-center justify-center rounded bg-stone-100 text-center text-[10px] leading-tight text-stone-500 ${className}`}
      >
        No Image
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={decorative ? '' : `Cover of ${title}`}
      loading="lazy"
      className={`shrink-0 rounded object-cover shadow-sm ring-1 ring-stone-200 ${className}`}
    />
  );
}
