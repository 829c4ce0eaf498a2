import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCart } from '@/features/cart/api/get-cart';
import { CartList } from '@/features/cart/components/cart-list';
import { OrderSummaryDialog } from '@/features/orders/components/order-summary-dialog';
import { useCards } from '@/features/payment/api/get-cards';
import { useStoreCurrency } from '@/lib/store-currency';
import { Button } from '@/components/ui/button';

export default function Route() {
  const cart = useCart();
  const currency = useStoreCurrency();
  const cards = useCards();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [summaryOpen, setSummaryOpen] = useState(false);
  const books = cart.data?.items.map((item) => item.bookId) ?? [];
  const selectedBooks = books.filter((book) => selected.has(book._id));

  const toggle = (bookId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(bookId)) next.delete(bookId);
      else next.add(bookId);
      return next;
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-stone-900">My Cart</h1>
        {selectedBooks.length > 0 && <Button onClick={() => setSummaryOpen(true)}>Buy Selected</Button>}
      </div>
      {cart.isPending ? (
        <Spinner label="Loading your cart" />
      ) : books.length === 0 ? (
        <p className="text-stone-600">Your cart is empty.</p>
      ) : (
        <CartList books={books} selected={selected} onToggle={toggle} />
      )}
      {summaryOpen && (
        <OrderSummaryDialog
          books={selectedBooks}
          cards={cards.data ?? []}
          currency={currency}
          onClose={() => setSummaryOpen(false)}
          onPurchased={() => {
            setSelected(new Set());
            setSummaryOpen(false);
          }}
        />
      )}
    </div>
  );
}
