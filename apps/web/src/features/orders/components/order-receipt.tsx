/**
 * A printable receipt: the store's name and contact, the order number and date, each book, the
 * discount, the total, any refund and the card. The print style shows the receipt alone.
 */
import { formatMoney } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStoreContact } from '@/lib/store-currency';
import { useOrders } from '../api/get-orders';
import { cardName, OrderStatus } from './order-status';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export function OrderReceipt({ orderId }: { orderId: string }) {
  const orders = useOrders();
  const store = useStoreContact();
  if (orders.isPending) return <Spinner label="Loading the receipt" className="justify-center py-12" />;
  const order = orders.data?.find((candidate) => candidate._id === orderId);
  if (!order)
    return (
      <p role="alert" className="text-stone-700">
        This order was not found.
      </p>
    );
  const money = (cents: number) => formatMoney(cents, order.currency);
  const card = cardName(order);
  return (
    <div>
      <article
        className="receipt rounded-2xl bg-white p-8 shadow-sm ring-1 ring-stone-200"
        aria-labelledby="receipt-title"
      >
        <header className="flex flex-wrap justify-between gap-4 border-b border-stone-200 pb-4">
          <div>
            <p className="font-serif text-2xl font-bold text-stone-900">{store.name}</p>
            <p className="text-sm text-stone-600">{store.email}</p>
            <p className="text-sm text-stone-600">{store.phone}</p>
          </div>
          <div className="text-right">
            <h1 id="receipt-title" className="text-lg font-semibold text-stone-900">
              Receipt
            </h1>
            <p className="font-mono text-stone-900">{order.number}</p>
            <p className="text-sm text-stone-600">
              <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))}</time>
            </p>
          </div>
        </header>
        <table className="mt-4 w-full text-left">
          <caption className="sr-only">Items of order {order.number}</caption>
          <thead className="text-sm text-stone-600">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Book
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {order.books.map((book) => (
              <tr key={book._id}>
                <td className="py-2 text-stone-900">
                  {book.title}
                  {book.refunded && <span className="ml-2 text-sm text-stone-500">(refunded)</span>}
                </td>
                <td className="py-2 text-right text-stone-900">{money(book.priceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-stone-300">
            {order.discountCents > 0 && (
              <tr>
                <th scope="row" className="pt-2 text-left font-normal text-stone-600">
                  Discount (included)
                </th>
                <td className="pt-2 text-right text-stone-600">−{money(order.discountCents)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" className="pt-2 text-left font-semibold text-stone-900">
                Total
              </th>
              <td className="pt-2 text-right font-semibold text-stone-900">{money(order.totalCents)}</td>
            </tr>
            {order.refundedCents > 0 && (
              <tr>
                <th scope="row" className="pt-1 text-left font-normal text-stone-600">
                  Refunded
                </th>
                <td className="pt-1 text-right text-stone-600">−{money(order.refundedCents)}</td>
              </tr>
            )}
          </tfoot>
        </table>
        <footer className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
          <span>{card ? `Paid with ${card}` : 'Paid by card'}</span>
          <OrderStatus status={order.status} />
        </footer>
      </article>
      <div className="mt-4 flex justify-end print:hidden">
        <Button onClick={() => window.print()}>Print receipt</Button>
      </div>
    </div>
  );
}
