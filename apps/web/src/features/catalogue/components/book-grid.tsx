import type { Book } from '@ebook/shared';
import { BookCard, type BookCardSlots } from './book-card';
import { BookCardSkeleton } from './book-card-skeleton';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The library's grid: skeleton cards while loading, the empty-state text, or the cards. */
export function BookGrid({
  books,
  loading,
  skeletons,
  emptyText,
  ...slots
}: { books: Book[] | undefined; loading: boolean; skeletons: number; emptyText: string } & BookCardSlots) {
  if (loading && !books) {
    return (
      <div className={GRID} role="status" aria-label="Loading books">
        {Array.from({ length: skeletons }, (_, index) => (
          <BookCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (!books || books.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <p className="font-serif text-xl text-stone-700">{emptyText}</p>
        <p className="mt-2 text-sm text-stone-500">Try another search, or clear the filters to see every book.</p>
      </div>
    );
  }
  return (
    <ul className={GRID} aria-label="Books">
      {books.map((book) => (
        <li key={book._id} className="flex">
          <BookCard book={book} {...slots} />
        </li>
      ))}
    </ul>
  );
}
