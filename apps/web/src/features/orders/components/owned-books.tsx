import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { DownloadButton } from '@/components/ui/download-button';
import { bookDownloads } from '@/lib/book-formats';
import { useOwnedBooks } from '../api/get-owned-books';
import { BookThumb } from '@/components/ui/book-thumb';
import { ReadButton } from '@/components/ui/read-button';

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** 'My Library': every book the member bought, each with Download, long after Recent Orders forgets it. */
export function OwnedBooks({ renderProgress }: { renderProgress?: (bookId: string) => ReactNode } = {}) {
  const owned = useOwnedBooks();
  if (owned.isPending) return <Spinner label="Loading your books" />;
  if (owned.isError) return <p className="text-stone-600">Your books could not be loaded. Please refresh the page.</p>;
  if (owned.data.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-stone-300 p-8 text-center">
        <p className="text-stone-700">You have not bought any books yet.</p>
        <Link to={paths.library} className="mt-3 inline-block font-medium text-brand-700 underline">
          Browse the library
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {owned.data.map((book) => (
        <li
          key={book._id}
          className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
          data-testid="owned-book"
        >
          <BookThumb src={book.thumbnail ?? book.image} title={book.title} className="h-28 w-20" decorative />
          <div className="flex min-w-0 flex-1 flex-col">
            <Link to={paths.book(book._id)} className="font-serif font-bold text-stone-900 hover:underline">
              {book.title}
            </Link>
            <p className="text-sm text-stone-600">{book.author}</p>
            <p className="mt-1 text-xs text-stone-500">Bought {dateOnly.format(new Date(book.purchasedAt))}</p>
            {renderProgress?.(book._id)}
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <ReadButton book={{ ...book, owned: true }} />
              {bookDownloads(book).map((download) => (
                <DownloadButton
                  key={download.format}
                  url={download.url}
                  title={book.title}
                  format={download.format}
                  label={download.label}
                  ariaLabel={download.ariaLabel}
                  className="self-start rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:bg-stone-500"
                />
              ))}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
