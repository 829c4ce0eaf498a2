import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '@ebook/shared';
import { paths } from '@/config/paths';
import { useBooks } from '../../api/get-books';
import { useCarousel } from '../../hooks/use-carousel';
import { BookCardSkeleton } from '../book-card-skeleton';
import { BookCover } from '../book-cover';

const arrow =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 shadow-sm hover:border-brand-500 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

/** 'Read Some Books Free': the free books (filtered by the server), 4 at a time, advancing every 3 s. */
export function FreeBooksCarousel() {
  const query = useBooks({ page: 1, limit: PAGE_SIZE.home, type: 'free' });
  const books = query.data?.books ?? [];
  const carousel = useCarousel(books.length);

  return (
    <section aria-labelledby="free-books" className="mx-auto max-w-6xl px-4 py-16" {...carousel.pauseProps}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id="free-books" className="font-serif text-3xl font-bold text-stone-900">
            Read Some Books Free
          </h2>
          <p className="mt-1 text-stone-600">Classics you can download right now, no account needed.</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={arrow}
            aria-label="Previous books"
            disabled={carousel.atStart}
            onClick={carousel.previous}
          >
            <span aria-hidden>‹</span>
          </button>
          <button
            type="button"
            className={arrow}
            aria-label="Next books"
            disabled={carousel.atEnd}
            onClick={carousel.next}
          >
            <span aria-hidden>›</span>
          </button>
        </div>
      </div>
      {query.isPending ? (
        <div
          className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4"
          role="status"
          aria-label="Loading free books"
        >
          {Array.from({ length: carousel.visible }, (_, index) => (
            <BookCardSkeleton key={index} />
          ))}
        </div>
      ) : books.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
          No free books yet.{' '}
          <Link to={paths.library} className="font-semibold text-brand-700 hover:underline">
            Browse the library
          </Link>
        </p>
      ) : (
        <div className="overflow-hidden">
          <ul
            aria-label="Free books"
            data-index={carousel.index}
            className="-mx-3 flex transition-transform duration-500 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(-${(carousel.index * 100) / carousel.visible}%)` }}
          >
            {books.map((book, position) => {
              const shown = position >= carousel.index && position < carousel.index + carousel.visible;
              return (
                <li
                  key={book._id}
                  className="shrink-0 px-3"
                  style={{ width: `${100 / carousel.visible}%` }}
                  aria-hidden={!shown}
                  inert={!shown}
                >
                  <Link
                    to={paths.book(book._id)}
                    className="group block overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
                  >
                    <BookCover
                      src={book.thumbnail ?? book.image}
                      title={book.title}
                      width={300}
                      height={400}
                      className="w-full"
                    />
                    <div className="p-4">
                      <h3 className="truncate font-serif text-lg font-semibold text-stone-900 group-hover:text-brand-700">
                        {book.title}
                      </h3>
                      <p className="truncate text-sm text-stone-600">{book.author}</p>
                      <p className="mt-1 text-sm font-semibold text-emerald-700">Free</p>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
