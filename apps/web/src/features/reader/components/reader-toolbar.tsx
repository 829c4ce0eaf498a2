import { useEffect, useState } from 'react';

const button =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-stone-300 bg-white px-2 text-sm font-medium text-stone-800 hover:border-brand-500 hover:text-brand-700 disabled:opacity-40 disabled:hover:border-stone-300 disabled:hover:text-stone-800';

/** Page navigation ("Page N of M"), zoom and fit width, and the table of contents' toggle. */
export function ReaderToolbar({
  page,
  pages,
  onPage,
  onZoomIn,
  onZoomOut,
  onFitWidth,
  fitWidth,
  onToggleToc,
  hasToc,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  fitWidth: boolean;
  onToggleToc: () => void;
  hasToc: boolean;
}) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  const go = () => {
    const wanted = Number(typed);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages) onPage(wanted);
    else setTyped(String(page));
  };
  return (
    <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Reader controls">
      {hasToc && (
        <button type="button" className={button} onClick={onToggleToc}>
          Contents
        </button>
      )}
      <button
        type="button"
        className={button}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        ‹
      </button>
      <form
        className="flex items-center gap-1 text-sm text-stone-700"
        onSubmit={(event) => {
          event.preventDefault();
          go();
        }}
      >
        <label htmlFor="reader-page-number">Page</label>
        <input
          id="reader-page-number"
          inputMode="numeric"
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          onBlur={go}
          className="h-9 w-14 rounded-lg border border-stone-300 text-center"
          aria-label="Page number"
        />
        <span data-testid="reader-page-of">of {pages}</span>
      </form>
      <button
        type="button"
        className={button}
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label="Next page"
      >
        ›
      </button>
      <span className="mx-1 hidden h-6 w-px bg-stone-300 sm:block" aria-hidden />
      <button type="button" className={button} onClick={onZoomOut} aria-label="Zoom out">
        −
      </button>
      <button type="button" className={button} onClick={onZoomIn} aria-label="Zoom in">
        +
      </button>
      <button type="button" className={button} onClick={onFitWidth} aria-pressed={fitWidth}>
        Fit width
      </button>
    </div>
  );
}
