import { Link } from 'react-router-dom';
import type { ReadingProgress } from '@ebook/shared';
import { BookThumb } from '@/components/ui/book-thumb';
import { paths } from '@/config/paths';
import { useReadingList } from '../api/progress';

/** "page 37 of 212" (PDF) or "25% read" (EPUB), with a bar. */
export function ReadingProgressLabel({
  progress,
}: {
  progress: Pick<ReadingProgress, 'page' | 'pages' | 'percentage'>;
}) {
  const share = Math.round(progress.percentage * 100);
  return (
    <div className="mt-1 text-xs text-stone-600">
      <span data-testid="reading-progress">
        {progress.page !== null && progress.pages !== null
          ? `page ${progress.page} of ${progress.pages}`
          : `${share}% read`}
      </span>
      <div
        className="mt-1 h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label="Read so far"
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

/** "Continue reading": the member's books with a place kept, last read first. */
export function ContinueReading() {
  const list = useReadingList();
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="continue-reading" className="space-y-3">
      <h2 id="continue-reading" className="font-serif text-xl font-semibold text-stone-900">
        Continue reading
      </h2>
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {list.data.map(({ book, progress }) => (
          <li
            key={book._id}
            data-testid="continue-reading-book"
            className="flex w-72 shrink-0 snap-start gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200"
          >
            <BookThumb src={book.thumbnail ?? book.image} title={book.title} className="h-24 w-16" decorative />
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="truncate font-serif font-bold text-stone-900">{book.title}</p>
              <p className="truncate text-sm text-stone-600">{book.author}</p>
              <ReadingProgressLabel progress={progress} />
              <Link
                to={paths.read(book._id)}
                aria-label={`Continue reading ${book.title}`}
                className="mt-auto self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              >
                Continue
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The place kept in each book, by book id (for a list of books to show it). */
export function useReadingPlaces(): Map<string, ReadingProgress> {
  const list = useReadingList();
  return new Map((list.data ?? []).map((entry) => [entry.book._id, entry.progress]));
}
