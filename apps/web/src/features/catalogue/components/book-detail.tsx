import type { Book } from '@ebook/shared';
import { Link } from 'react-router-dom';
import { OwnedBookActions } from '@/components/ui/owned-book-actions';
import { bookDownloads, bookHasEpub } from '@/lib/book-formats';
import { bookFileName } from '@/lib/download';
import { ReadButton } from '@/components/ui/read-button';
import { Tabs } from '@/components/ui/tabs';
import { additionalInformation, bookInformation } from '../lib/book-details';
import { PriceTag } from '@/components/ui/price-tag';
import { StarRating } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import { useBook } from '@/lib/get-book';
import type { BookCardSlots } from './book-card';
import { BookCover } from './book-cover';
import { DefinitionList } from './definition-list';
import { ReadALittle } from './read-a-little';

/** The book detail page: cover, labels, price and actions, Book Information, and the tabs. */
export function BookDetail({ bookId, ...slots }: { bookId: string } & BookCardSlots) {
  const book = useBook(bookId);
  if (book.isPending) return <BookDetailSkeleton />;
  if (book.isError) return <BookNotFound />;
  return <BookDetailContent book={book.data} {...slots} />;
}

/** What a link to no book shows: one the server does not know, or an id of a form no book has. */
export function BookNotFound() {
  return (
    <div role="alert" className="rounded-2xl border border-stone-200 bg-white px-6 py-16 text-center">
      <title>Book not found · Bookshelf</title>
      <p className="font-serif text-2xl text-stone-800">Book not found.</p>
    </div>
  );
}

function BookDetailContent({ book, renderAddToCart, renderFavourite, renderReviews }: { book: Book } & BookCardSlots) {
  const description = book.description.trim() || 'No description available.';
  return (
    <article className="space-y-10">
      <title>{`${book.title} · Bookshelf`}</title>
      <div className="grid gap-8 md:grid-cols-[minmax(0,20rem)_1fr] lg:grid-cols-[20rem_1fr_18rem]">
        <BookCover
          src={book.image}
          title={book.title}
          width={600}
          height={800}
          eager
          className="w-full max-w-xs self-start justify-self-center rounded-2xl shadow-lg md:max-w-none"
        />
        <div className="space-y-4">
          <span
            className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${
              book.isFree ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-100 text-brand-700'
            }`}
          >
            {book.status === 'unlisted' ? 'No longer sold' : book.isFree ? 'Free to Download' : 'Available in Stock'}
          </span>
          <h1 className="font-serif text-3xl font-bold leading-tight text-stone-900 sm:text-4xl">{book.title}</h1>
          <p className="text-stone-600">
            by{' '}
            <Link
              to={paths.author(book.author)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {book.author}
            </Link>
          </p>
          <StarRating rating={book.rating} />
          <p className="leading-relaxed text-stone-700">{description}</p>
          {!book.isFree && book.status !== 'unlisted' && (
            <p className="text-2xl font-bold text-brand-700">
              <PriceTag priceCents={book.priceCents} />
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3 pt-2">
            {!book.isFree && !book.owned && renderAddToCart?.(book)}
            <ReadButton book={book} size="md" />
            {book.owned ? (
              <OwnedBookActions book={book} size="md" />
            ) : book.isFree ? (
              bookDownloads(book).map((download) => (
                <a
                  key={download.format}
                  href={download.url}
                  download={bookFileName(book.title, download.format)}
                  aria-label={download.ariaLabel}
                  className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="h-5 w-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden
                  >
                    <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {download.label}
                </a>
              ))
            ) : (
              <ReadALittle
                bookId={book._id}
                title={book.title}
                story={book.story}
                // A book with only an EPUB has no PDF sample; its EPUB sample is cut on the first request.
                sample={book.sample ?? (bookHasEpub(book) ? `/api/books/${book._id}/epub-sample` : null)}
              />
            )}
            {book.status !== 'unlisted' && renderFavourite?.(book)}
          </div>
          {book.owned && !book.isFree && (
            <p className="text-sm text-stone-600">Your copy carries your name and order number on every page.</p>
          )}
        </div>
        <aside
          aria-labelledby="book-information"
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm md:col-span-2 lg:col-span-1 lg:self-start"
        >
          <h2 id="book-information" className="mb-2 font-serif text-lg font-semibold text-stone-900">
            Book Information
          </h2>
          <DefinitionList items={bookInformation(book)} />
        </aside>
      </div>
      <section className="rounded-2xl border border-stone-200 bg-white px-5 shadow-sm sm:px-8">
        <Tabs
          label="About this book"
          items={[
            {
              id: 'description',
              label: 'Description',
              content: <p className="leading-relaxed text-stone-700">{description}</p>,
            },
            {
              id: 'additional',
              label: 'Additional Information',
              content: (
                <div className="max-w-lg">
                  <DefinitionList items={additionalInformation(book)} />
                </div>
              ),
            },
            {
              id: 'reviews',
              label: 'Reviews',
              content: renderReviews?.(book) ?? (
                <p className="text-stone-600">No reviews yet. Be the first to review this book!</p>
              ),
            },
          ]}
        />
      </section>
    </article>
  );
}

function BookDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the book" className="grid animate-pulse gap-8 md:grid-cols-[20rem_1fr]">
      <div className="w-full max-w-xs rounded-2xl bg-stone-200 md:max-w-none" style={{ aspectRatio: '3 / 4' }} />
      <div className="space-y-4">
        <div className="h-6 w-32 rounded-full bg-stone-200" />
        <div className="h-10 w-3/4 rounded bg-stone-200" />
        <div className="h-5 w-1/3 rounded bg-stone-200" />
        <div className="h-24 w-full rounded bg-stone-200" />
      </div>
    </div>
  );
}
