/**
 * Page buttons: Previous, numbered pages (with gaps when there are many), Next. The current page is
 * highlighted and marked aria-current; every control is a real button, so the keyboard works.
 */
export function pageItems(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const items: (number | 'gap')[] = [1];
  const start = Math.max(2, Math.min(page - 1, pageCount - 4));
  const end = Math.min(pageCount - 1, Math.max(page + 1, 5));
  if (start > 2) items.push('gap');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pageCount - 1) items.push('gap');
  items.push(pageCount);
  return items;
}

type PageItems = (page: number, pageCount: number) => (number | 'gap')[];

const SIZES = {
  sm: 'h-9 min-w-9 rounded-md',
  md: 'h-10 min-w-10 rounded-lg',
} as const;

/**
 * Nothing at all when everything fits on one page. `items` chooses which page numbers show (the
 * admin tables keep more of them); `size` and `className` fit it to where it sits.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  showPreviousNext = true,
  items = pageItems,
  size = 'md',
  className = '',
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  showPreviousNext?: boolean;
  items?: PageItems;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const base = `inline-flex ${SIZES[size]} items-center justify-center border px-3 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-40`;
  const idle = 'border-stone-300 bg-white text-stone-700 hover:border-brand-500 hover:text-brand-700';
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-center gap-2 ${className}`}>
      {showPreviousNext && (
        <button type="button" className={`${base} ${idle}`} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <span aria-hidden>‹</span>
          <span className="ml-1">Previous</span>
        </button>
      )}
      {items(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="px-1 text-stone-400" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={`${base} ${item === page ? 'border-brand-600 bg-brand-600 text-white' : idle}`}
            onClick={() => item !== page && onPageChange(item)}
          >
            {item}
          </button>
        ),
      )}
      {showPreviousNext && (
        <button
          type="button"
          className={`${base} ${idle}`}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="mr-1">Next</span>
          <span aria-hidden>›</span>
        </button>
      )}
    </nav>
  );
}
