import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Book } from '@ebook/shared';
import { OwnedBookActions } from '@/components/ui/owned-book-actions';
import { ReadButton } from '@/components/ui/read-button';
import { paths } from '@/config/paths';
import { PriceTag } from '@/components/ui/price-tag';
import { StarRating } from '@/components/ui/star-rating';
import { BookCover } from './book-cover';

export interface BookCardSlots {
  /** The Add To Cart button (the cart feature's), composed by the route. */
  renderAddToCart?: (book: Book) => ReactNode;
  /** The favourite heart (the wishlist feature's), composed by the route. */
  renderFavourite?: (book: Book) => ReactNode;
  /** The Reviews tab's content (the reviews feature's), composed by the route. */
  renderReviews?: (book: Book) => ReactNode;
}

/** A book in a grid: cover, title, author, price, Add To Cart, View and the favourite heart. */
export function BookCard({ book, renderAddToCart, renderFavourite }: { book: Book } & BookCardSlots) {
  return (
    <article
      aria-labelledby={`book-${book._id}-title`}
      className="group flex w-full flex-row overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:flex-col"
    >
      <div className="relative w-28 shrink-0 self-start sm:w-full">
        <BookCover src={book.thumbnail ?? book.image} title={book.title} width={300} height={400} className="w-full" />
        {book.isFree && (
          <span className="absolute left-2 top-2 rounded-full sm:left-3 sm:top-3 bg-emerald-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
            Free
          </span>
        )}
        {renderFavourite && <div className="absolute right-1 top-1 sm:right-3 sm:top-3">{renderFavourite(book)}</div>}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3
          id={`book-${book._id}-title`}
          className="line-clamp-2 font-serif text-lg font-semibold leading-snug text-stone-900"
        >
          {book.title}
        </h3>
        <p className="truncate text-sm text-stone-600">
          <Link to={paths.author(book.author)} className="hover:text-brand-700 hover:underline">
            {book.author}
          </Link>
        </p>
        <p className="mt-1 font-semibold text-brand-700">
          <PriceTag priceCents={book.priceCents} />
        </p>
        <StarRating rating={book.rating} />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
          {book.owned ? <OwnedBookActions book={book} /> : renderAddToCart?.(book)}
          {(book.owned || book.isFree) && <ReadButton book={book} />}
          <Link
            to={paths.book(book._id)}
            aria-label={`View ${book.title}`}
            className="whitespace-nowrap rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-700 hover:border-brand-500 hover:text-brand-700"
          >
            View
          </Link>
        </div>
      </div>
    </article>
  );
}
