import { pageWindow } from '../lib/page-window';

/** Numbered page buttons; nothing at all when everything fits on one page. */
export function PageButtons({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-2">
      {pageWindow(page, pages).map((number, index) =>
        number === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden className="px-1 text-stone-400">
            …
          </span>
        ) : (
          <button
            key={number}
            type="button"
            onClick={() => onChange(number)}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            className={`h-9 min-w-9 rounded-md border px-3 text-sm font-medium transition-colors ${
              number === page
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-brand-50'
            }`}
          >
            {number}
          </button>
        ),
      )}
    </nav>
  );
}
