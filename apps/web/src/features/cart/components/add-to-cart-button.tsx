import type { Book } from '@ebook/shared';
import { useMe } from '@/lib/auth/get-me';
import { ApiError } from '@/lib/api-client';
import { showError, showLoginRequired, showSuccess } from '@/lib/alerts';
import { useAddToCart } from '../api/add-to-cart';

/** Add To Cart; disabled for free books. The server's reason is shown for owned or duplicate books. */
export function AddToCartButton({ book, className = '' }: { book: Book; className?: string }) {
  const me = useMe();
  const add = useAddToCart();

  const onClick = async () => {
    if (!me.data) {
      void showLoginRequired('Please log in to add books to your cart.');
      return;
    }
    try {
      await add.mutateAsync(book._id);
      void showSuccess('Added to Cart');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        void showError('Error', error.message);
      } else {
        void showError('Error', 'Failed to add book to cart. Please try again.');
      }
    }
  };

  return (
    <button
      type="button"
      disabled={book.isFree || add.isPending}
      title={book.isFree ? 'Free books are downloaded, not bought' : undefined}
      className={`whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700 ${className}`}
      onClick={() => void onClick()}
    >
      {add.isPending ? 'Adding…' : 'Add To Cart'}
    </button>
  );
}
