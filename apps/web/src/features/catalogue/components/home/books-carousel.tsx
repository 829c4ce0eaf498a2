import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '@ebook/shared';
import { PriceTag } from '@/components/ui/price-tag';
import { paths } from '@/config/paths';
import { useBooks, type BooksQuery } from '../../api/get-books';
import { useCarousel } from '../../hooks/use-carousel';
import { BookCardSkeleton } from '../book-card-skeleton';
import { BookCover } from '../book-cover';

const arrow =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 shadow-sm hover:border-brand-500 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

interface CarouselProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  intro: string;
  /** The list's accessible name ('Free books'). */
  label: string;
  /** Which books (the server filters and sorts). */
  filter: Pick<BooksQuery, 'type' | 'sort'>;
  emptyText: string;
  /** Where "See all" leads: the library with the same filter. */
  seeAll: string;
}

/** A row of books from the server, 4 at a time (fewer on a phone), advancing every 3 s. */
export function BooksCarousel({ id, title, intro, label, filter, emptyText, seeAll }: CarouselProps) {
  const query = useBooks({ page: 1, limit: PAGE_SIZE.home, ...filter });
  const books = query.data?.books ?? [];
  const carousel = useCarousel(books.length);

  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-10" {...carousel.pauseProps}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="font-serif text-3xl font-bold text-stone-900">
            {title}
          </h2>
          <p className="mt-1 text-stone-600">
            {intro}{' '}
            <Link to={seeAll} className="font-semibold text-brand-700 hover:underline">
              See all<span className="sr-only"> {label.toLowerCase()}</span>
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
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
          aria-label={`Loading ${label.toLowerCase()}`}
        >
          {Array.from({ length: carousel.visible }, (_, index) => (
            <BookCardSkeleton key={index} />
          ))}
        </div>
      ) : books.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
          {emptyText}{' '}
          <Link to={paths.library} className="font-semibold text-brand-700 hover:underline">
            Browse the library
          </Link>
        </p>
      ) : (
        <div className="overflow-hidden">
          <ul
            aria-label={label}
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
                      <p
                        className={`mt-1 text-sm font-semibold ${book.isFree ? 'text-emerald-700' : 'text-brand-700'}`}
                      >
                        {book.isFree ? 'Free' : <PriceTag priceCents={book.priceCents} />}
                      </p>
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

/** 'Read Some Books Free': the free books, as the specification's home page has them. */
export function FreeBooksCarousel() {
  return (
    <BooksCarousel
      id="free-books"
      title="Read Some Books Free"
      intro="Classics you can download right now, no account needed."
      label="Free books"
      filter={{ type: 'free' }}
      emptyText="No free books yet."
      seeAll={`${paths.library}?type=free`}
    />
  );
}

/** The newest books of the store, free and paid. */
export function NewBooksCarousel() {
  return (
    <BooksCarousel
      id="new-books"
      title="New in the Store"
      intro="The latest e-books added to the library."
      label="New books"
      filter={{ sort: 'newest' }}
      emptyText="No books yet."
      seeAll={paths.library}
    />
  );
}

/** The best-rated books for sale (with the running promotion's price). */
export function PaidBooksCarousel() {
  return (
    <BooksCarousel
      id="paid-books"
      title="E-books to Buy"
      intro="Top-rated new titles, yours to keep and read on any device."
      label="Books to buy"
      filter={{ type: 'paid', sort: 'rating' }}
      emptyText="No books for sale yet."
      seeAll={`${paths.library}?type=paid&sort=rating`}
    />
  );
}
