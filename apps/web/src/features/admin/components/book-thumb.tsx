/** A small cover in a table cell; 'No Image' when the book has none. */
export function BookThumb({ src, title }: { src: string | null; title: string }) {
  if (!src) {
    return (
      <span className="flex h-16 w-12 items-center justify-center rounded bg-stone-100 text-center text-[10px] leading-tight text-stone-500">
        No Image
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`Cover of ${title}`}
      loading="lazy"
      width={48}
      height={64}
      className="h-16 w-12 rounded object-cover shadow-sm ring-1 ring-stone-200"
    />
  );
}
