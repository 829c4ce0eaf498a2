import { useNavigate } from 'react-router-dom';
import type { Book } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useFinishPendingAction, useLoginToContinue } from '@/lib/auth/continue-after-login';
import { showError } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { isAlreadyInCart, useAddToCart } from '../api/add-to-cart';

/** The checkout of one book, from the cart page, as a path. */
export const checkoutPath = (bookId: string) => `${paths.user.cart}?buy=${encodeURIComponent(bookId)}`;

/**
 * "Buy now": puts the book in the cart (the server's checkout buys from the cart) and opens the
 * checkout with that book alone. A visitor logs in or signs up first and comes back to the checkout.
 */
export function BuyNowButton({ book }: { book: Book }) {
  const me = useMe();
  const add = useAddToCart();
  const navigate = useNavigate();
  const loginToContinue = useLoginToContinue();

  const buyNow = async () => {
    try {
      await add.mutateAsync(book._id);
    } catch (error) {
      if (!isAlreadyInCart(error)) {
        void showError(errorText(error) ?? 'Failed to add book to cart. Please try again.');
        return;
      }
    }
    void navigate(checkoutPath(book._id));
  };
  useFinishPendingAction('buy', book._id, () => void buyNow());

  return (
    <Button
      loading={add.isPending}
      onClick={() => {
        if (!me.data) void loginToContinue('Please log in to buy this book.', { kind: 'buy', bookId: book._id });
        else void buyNow();
      }}
    >
      Buy now
    </Button>
  );
}
