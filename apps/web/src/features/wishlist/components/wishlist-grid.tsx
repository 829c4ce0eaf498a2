import type { Book } from '@ebook/shared';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PriceTag } from '@/components/ui/price-tag';
import { OwnedBookActions } from '@/components/ui/owned-book-actions';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/alerts';
import { downloadFile, pdfFileName } from '@/lib/download';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { Button } from '@/components/ui/button';

/**
 * 'My Wishlist' cards. Free books download straight away; paid books go to the cart, which takes
 * them off the wishlist (`addToCart` comes from the route, which composes the cart feature).
 */
export function WishlistGrid({ addToCart }: { addToCart: (bookId: string) => Promise<unknown> }) {
  const wishlist = useWishlist();
  const remove = useRemoveFromWishlist();

  if (wishlist.isPending) return <Spinner label="Loading your wishlist" />;
  if (!wishlist.data || wishlist.data.length === 0) return <p className="text-stone-600">No items in your wishlist.</p>;

  const onRemove = async (book: Book) => {
    try {
      await remove.mutateAsync(book._id);
      void showSuccess('Book removed from wishlist.');
    } catch {
      void showError('Error', 'Failed to remove item');
    }
  };

  const onAddToCart = async (book: Book) => {
    try {
      await addToCart(book._id).catch((error: unknown) => {
        // Already in the cart is the outcome the member wanted: carry on and tidy the wishlist.
        if (!(error instanceof ApiError && error.code === 'ALREADY_IN_CART')) throw error;
      });
      await remove.mutateAsync(book._id);
      void showSuccess('Added', 'Book added to cart');
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 409 ? ` ${error.message}` : '';
      void showError('Error', 'Failed to add to cart.', reason);
    }
  };

  const download = 'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2';
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
      {wishlist.data.map(({ _id, bookId: book }) => (
        <li
          key={_id}
          data-testid="wishlist-card"
          className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
        >
          <Link to={paths.book(book._id)} className="block aspect-[3/4] bg-stone-100">
            {book.thumbnail || book.image ? (
              <img
                src={book.thumbnail ?? book.image ?? ''}
                alt={`Cover of ${book.title}`}
                className="h-full w-full object-cover"
                loading="lazy"
              />
            ) : (
              <span className="flex h-full items-center justify-center text-stone-500">No Image</span>
            )}
          </Link>
          <div className="flex flex-1 flex-col gap-2 p-4">
            <h3 className="font-serif text-lg font-bold text-stone-900">{book.title}</h3>
            <p className="font-semibold text-brand-700">
              <PriceTag priceCents={book.priceCents} />
            </p>
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              {book.owned ? (
                <OwnedBookActions book={book} />
              ) : book.isFree ? (
                <button
                  type="button"
                  disabled={!book.pdf}
                  onClick={() => book.pdf && downloadFile(book.pdf, pdfFileName(book.title))}
                  className={`${download} bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-stone-500`}
                >
                  Download
                </button>
              ) : (
                <Button size="sm" onClick={() => void onAddToCart(book)}>
                  Add to Cart
                </Button>
              )}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void onRemove(book)}
                aria-label={`Remove ${book.title} from wishlist`}
              >
                Remove
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
