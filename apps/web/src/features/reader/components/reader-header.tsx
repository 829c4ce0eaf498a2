import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The reader's bar: back to the book, its title (and "Sample"), and the reader's controls. */
export function ReaderHeader({
  bookId,
  title,
  sample,
  children,
}: {
  bookId: string;
  title: string;
  sample?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-stone-200 bg-white/95 px-3 py-2 backdrop-blur sm:px-4">
      <Link
        to={paths.book(bookId)}
        className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        aria-label={`Close the reader and go back to ${title}`}
      >
        ← Back
      </Link>
      <h1 className="min-w-0 flex-1 truncate font-serif text-base font-semibold text-stone-900 sm:text-lg">
        {title}
        {sample && (
          <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle font-sans text-xs font-semibold text-brand-700">
            Sample
          </span>
        )}
      </h1>
      {children && <div className="flex w-full flex-wrap items-center justify-center gap-2 md:w-auto">{children}</div>}
    </header>
  );
}
