import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney, type Book } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/api/get-cart';
import { checkoutPath } from '@/features/cart/components/buy-now-button';
import { CartList } from '@/features/cart/components/cart-list';
import { OrderSummaryDialog } from '@/features/orders/components/order-summary-dialog';
import { useCards } from '@/features/payment/api/get-cards';
import { usePricesNow, useStoreCurrency } from '@/lib/store-currency';

/** The checkout of everything ticked, as an address the payment page can return to. */
const CHECKOUT_ALL = `${paths.user.cart}?checkout=all`;

/**
 * 'My Cart': every book ticked, the total and the checkout in view. `?buy=<id>` (Buy now) opens the
 * checkout with that book alone, `?checkout=all` with the cart, and `&card=<id>` chooses the card just
 * added from the checkout.
 */
export default function Route() {
  const cart = useCart();
  const currency = useStoreCurrency();
  const priceNow = usePricesNow();
  const cards = useCards();
  const [params, setParams] = useSearchParams();
  // Unticked rather than ticked: a book added later arrives ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [checkout, setCheckout] = useState<Book[] | null>(null);
  const books = cart.data?.items.map((item) => item.bookId) ?? [];
  const selectedBooks = books.filter((book) => !unticked.has(book._id));
  const selected = new Set(selectedBooks.map((book) => book._id));
  const totalCents = selectedBooks.reduce((sum, book) => sum + priceNow(book.priceCents), 0);

  const buyId = params.get('buy');
  const checkoutAll = params.get('checkout') === 'all';
  const loaded = Boolean(cart.data);
  useEffect(() => {
    if (!loaded || checkout) return;
    const items = cart.data?.items.map((item) => item.bookId) ?? [];
    const chosen = buyId ? items.filter((book) => book._id === buyId) : checkoutAll ? items : [];
    if (chosen.length > 0) setCheckout(chosen);
  }, [loaded, checkout, buyId, checkoutAll, cart.data]);

  const toggle = (bookId: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(bookId)) next.delete(bookId);
      else next.add(bookId);
      return next;
    });

  const closeCheckout = () => {
    setCheckout(null);
    setParams({}, { replace: true });
  };

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">My Cart</h1>
      {cart.isPending ? (
        <Spinner label="Loading your cart" />
      ) : books.length === 0 ? (
        <p className="text-stone-600">Your cart is empty.</p>
      ) : (
        <>
          <CartList books={books} selected={selected} onToggle={toggle} />
          <div className="flex flex-wrap items-center justify-end gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <p className="text-lg text-stone-900">
              Total ({selectedBooks.length} of {books.length}):{' '}
              <span data-testid="cart-total" className="font-bold">
                {formatMoney(totalCents, currency)}
              </span>
            </p>
            <Button size="lg" disabled={selectedBooks.length === 0} onClick={() => setCheckout(selectedBooks)}>
              Buy Selected
            </Button>
          </div>
        </>
      )}
      {checkout && (
        <OrderSummaryDialog
          books={checkout}
          cards={cards.data ?? []}
          currency={currency}
          initialCardId={params.get('card') ?? undefined}
          addCardHref={`${paths.user.payment}?returnTo=${encodeURIComponent(
            checkout.length === 1 && buyId ? checkoutPath(buyId) : CHECKOUT_ALL,
          )}`}
          onClose={closeCheckout}
          onPurchased={() => setUnticked(new Set())}
        />
      )}
    </div>
  );
}
