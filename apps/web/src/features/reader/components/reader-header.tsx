import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { READER_CHROME } from '../lib/reader-chrome';
import type { ReaderTheme } from '../lib/epub';

/**
 * The reader's bar: back to the book, its title (and "Sample"), and the reader's controls; in the
 * colours of the EPUB reader's theme when it has one.
 */
export function ReaderHeader({
  bookId,
  title,
  sample,
  theme = 'light',
  children,
}: {
  bookId: string;
  title: string;
  sample?: boolean;
  theme?: ReaderTheme;
  children?: ReactNode;
}) {
  const chrome = READER_CHROME[theme];
  return (
    <header
      data-theme={theme}
      className={`sticky top-0 z-30 flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-3 py-2 backdrop-blur sm:px-4 ${chrome.bar}`}
    >
      <Link
        to={paths.book(bookId)}
        className={`rounded-lg px-2 py-1 text-sm font-medium ${chrome.back}`}
        aria-label={`Close the reader and go back to ${title}`}
      >
        ← Back
      </Link>
      <h1 className={`min-w-0 flex-1 truncate font-serif text-base font-semibold sm:text-lg ${chrome.title}`}>
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
