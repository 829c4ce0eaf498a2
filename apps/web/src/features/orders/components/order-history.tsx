/** 'Orders': every order of the member, newest first, each with its receipt. */
import { Link } from 'react-router-dom';
import { formatMoney } from '@ebook/shared';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrders } from '../api/get-orders';
import { OrderStatus } from './order-status';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function OrderHistory() {
  const orders = useOrders();
  if (orders.isPending) return <Spinner label="Loading your orders" className="justify-center py-12" />;
  if (orders.isError)
    return (
      <p role="alert" className="text-red-700">
        Could not load your orders. Please try again.
      </p>
    );
  if (orders.data.length === 0) return <p className="text-stone-600">You have not placed any orders yet.</p>;
  return (
    <ul className="space-y-4">
      {orders.data.map((order) => (
        <li
          key={order._id}
          data-testid="member-order"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-mono text-lg font-semibold text-stone-900">{order.number}</h2>
            <OrderStatus status={order.status} />
          </div>
          <p className="text-sm text-stone-500">
            <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))}</time>
          </p>
          <ul className="mt-3 divide-y divide-stone-100">
            {order.books.map((book) => (
              <li key={book._id} className="flex justify-between gap-4 py-2">
                <span className={book.refunded ? 'text-stone-500 line-through' : 'text-stone-900'}>
                  {book.title}
                  {book.refunded && <span className="sr-only"> (refunded)</span>}
                </span>
                <span className="whitespace-nowrap text-stone-700">{formatMoney(book.priceCents, order.currency)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
            <p className="font-semibold text-stone-900">Total {formatMoney(order.totalCents, order.currency)}</p>
            <Link
              to={paths.user.receipt(order._id)}
              aria-label={`Receipt for order ${order.number}`}
              className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-50"
            >
              Receipt
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
