import { Link } from 'react-router-dom';
import type { Book } from '@ebook/shared';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useFinishPendingAction, useLoginToContinue } from '@/lib/auth/continue-after-login';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { isAlreadyInCart, useAddToCart } from '../api/add-to-cart';
import { useCart } from '../api/get-cart';

const BUTTON =
  'inline-flex items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Add To Cart; disabled for free books. Once the book is in the cart it becomes "In your cart · View
 * cart", a link to the cart. A visitor is asked to log in or sign up and the book is added on return.
 */
export function AddToCartButton({ book, className = '' }: { book: Book; className?: string }) {
  const me = useMe();
  const add = useAddToCart();
  const cart = useCart({ enabled: Boolean(me.data) });
  const inCart = Boolean(me.data && cart.data?.items.some((item) => item.bookId._id === book._id));
  const loginToContinue = useLoginToContinue();

  const addToCart = async () => {
    try {
      await add.mutateAsync(book._id);
    } catch (error) {
      // Added from another tab a moment ago: the button turns into the cart link by itself.
      if (!isAlreadyInCart(error)) void showError(errorText(error) ?? 'Failed to add book to cart. Please try again.');
      return;
    }
    void showSuccess('Added to Cart');
  };
  // Back from logging in: added once the member's cart is known (and skipped if it is there already).
  useFinishPendingAction(
    'cart',
    book._id,
    () => {
      if (!inCart) void addToCart();
    },
    cart.isSuccess && !cart.isFetching,
  );

  if (inCart) {
    return (
      <Link
        to={paths.user.cart}
        data-testid="in-your-cart"
        className={`${BUTTON} gap-1 border border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100 ${className}`}
      >
        In your cart · <span className="underline">View cart</span>
      </Link>
    );
  }

  const onClick = () => {
    if (!me.data) void loginToContinue('Please log in to add books to your cart.', { kind: 'cart', bookId: book._id });
    else void addToCart();
  };

  return (
    <button
      type="button"
      disabled={book.isFree || add.isPending}
      title={book.isFree ? 'Free books are downloaded, not bought' : undefined}
      className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700 ${className}`}
      onClick={onClick}
    >
      {add.isPending ? 'Adding…' : 'Add To Cart'}
    </button>
  );
}
