import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, type Book, type Card, type Order } from '@ebook/shared';
import { PriceTag } from '@/components/ui/price-tag';
import { TestModeBadge } from '@/components/ui/test-mode-badge';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { ApiError } from '@/lib/api-client';
import { showError, showWarning } from '@/lib/alerts';
import { errorCode, errorText } from '@/lib/errors';
import { usePricesNow } from '@/lib/store-currency';
import { useCreateOrder } from '../api/create-order';
import { Button } from '@/components/ui/button';
import { PurchaseComplete } from './purchase-complete';

const cardLabel = (card: Card) => `${card.cardNumber} — ${card.cardHolder.toUpperCase()}`;
/** Card ids are time-ordered (UUIDv7): the newest card is the one added last. */
const newestCard = (cards: Card[]) => cards.reduce<Card | undefined>((a, b) => (a && a._id > b._id ? a : b), undefined);
const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Answers after which nothing is left to retry under the same key: the next click is a new checkout. */
const isFinalAnswer = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The 'Order Summary' modal: the selected books, the Total, a saved card, Confirm & Pay. One
 * Idempotency-Key per checkout (the books and card chosen), and the button is disabled while paying, so
 * a double click buys once. A retry after a lost answer reuses the key, so it is never charged twice; a
 * new card, or a final answer (declined, refused), starts a new checkout with a new key, since the
 * server refuses a key reused for another request. The newest card is chosen unless another is
 * given (one just added from here); once paid, the dialog names the order by its number and offers
 * "Read now" and "Download" for each book, so nothing more is needed to start reading.
 */
export function OrderSummaryDialog({
  books,
  cards,
  currency,
  onClose,
  onPurchased,
  initialCardId,
  addCardHref = paths.user.payment,
}: {
  books: Book[];
  cards: Card[];
  currency: string;
  onClose: () => void;
  onPurchased: (bookIds: string[]) => void;
  initialCardId?: string;
  /** Where "Add a card" goes; the cart gives the payment page a way back to this checkout. */
  addCardHref?: string;
}) {
  const titleId = useId();
  const selectId = useId();
  const me = useMe();
  const createOrder = useCreateOrder();
  // null until the member picks: then the card given, or the newest saved one.
  const [chosenCardId, setChosenCardId] = useState<string | null>(null);
  const cardId =
    chosenCardId ?? (cards.some((c) => c._id === initialCardId) ? initialCardId! : (newestCard(cards)?._id ?? ''));
  const [purchased, setPurchased] = useState<Pick<Order, 'books' | 'number'> | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Guards the gap before React re-renders the disabled button.
  const inFlight = useRef(false);
  // The store-wide promotion applies to every paid book; the server charges exactly this or refuses.
  const priceNow = usePricesNow();
  const totalCents = books.reduce((sum, book) => sum + priceNow(book.priceCents), 0);
  const card = cards.find((c) => c._id === cardId);
  const paying = createOrder.isPending;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('select, button')?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !paying && !document.querySelector('.swal2-container')) onClose();
    if (event.key !== 'Tab') return;
    const focusable = dialogRef.current?.querySelectorAll<HTMLElement>('select, button:not([disabled]), a[href]');
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const pay = async () => {
    if (paying || inFlight.current) return;
    if (books.length === 0 || !card) {
      void showWarning('Please select at least one book and a card.');
      return;
    }
    const userId = me.data?._id;
    if (!userId) {
      void showError('User not found. Please log in again.');
      return;
    }
    inFlight.current = true;
    try {
      const { order } = await createOrder.mutateAsync({
        userId,
        books: books.map((book) => book._id),
        total: totalCents / 100,
        paymentId: card._id,
        idempotencyKey,
      });
      setPurchased(order);
      onPurchased(order.books.map((bought) => bought._id));
    } catch (error) {
      if (isFinalAnswer(error)) setIdempotencyKey(newKey());
      // A refusal, or a payment that may yet complete, is the headline (such as "Your card was
      // declined"); a server error keeps the general words.
      const reason = errorText(error);
      if (errorCode(error) === 'NOT_IN_CART') void showError('No selected books found in cart.');
      else if (reason) void showError(reason);
      else void showError('Payment failed', 'Please try again in a moment.');
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <div
      className="fixed inset-0 z-[1000] flex items-end justify-center bg-black/50 p-0 sm:items-center sm:p-4"
      onKeyDown={onKeyDown}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="font-serif text-2xl font-bold text-stone-900">
            Order Summary
          </h2>
          <TestModeBadge />
        </div>
        {purchased ? (
          <PurchaseComplete books={purchased.books} orderNumber={purchased.number} onClose={onClose} />
        ) : (
          <>
            <ul className="mt-4 divide-y divide-stone-200">
              {books.map((book) => (
                <li key={book._id} className="flex justify-between gap-4 py-2 text-stone-800">
                  <span className="min-w-0 truncate">{book.title}</span>
                  <PriceTag priceCents={book.priceCents} className="shrink-0 font-medium" />
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-stone-300 pt-3 text-lg font-bold text-stone-900">
              <span>Total</span>
              <span data-testid="order-total">{formatMoney(totalCents, currency)}</span>
            </p>

            <label htmlFor={selectId} className="mt-5 block text-sm font-medium text-stone-700">
              Select Payment Card
            </label>
            <select
              id={selectId}
              value={cardId}
              disabled={paying}
              onChange={(event) => {
                setChosenCardId(event.target.value);
                setIdempotencyKey(newKey());
              }}
              className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            >
              <option value="">-- Choose a card --</option>
              {cards.map((c) => (
                <option key={c._id} value={c._id}>
                  {cardLabel(c)}
                </option>
              ))}
            </select>
            <p className="mt-2 text-sm text-stone-600">
              {cards.length === 0 && 'You have no saved card yet. '}
              <Link to={addCardHref} className="font-medium text-brand-700 underline">
                {cards.length === 0 ? 'Add a card' : 'Add another card'}
              </Link>
            </p>
            <p className="mt-3 text-sm text-stone-600">
              Paying with:{' '}
              <span className="font-medium text-stone-900">{card ? cardLabel(card) : 'no card selected'}</span>
            </p>

            <div className="mt-6 flex justify-end gap-3">
              <Button variant="secondary" onClick={onClose} disabled={paying}>
                Cancel
              </Button>
              <Button onClick={() => void pay()} loading={paying}>
                {paying ? 'Paying…' : 'Confirm & Pay'}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
