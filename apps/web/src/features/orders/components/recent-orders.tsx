import { formatMoney } from '@ebook/shared';
import { Spinner } from '@/components/ui/spinner';
import { useRecentOrders } from '../api/get-recent-orders';
import { BookThumb } from '@/components/ui/book-thumb';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Recent Orders': every book bought in the last two days, with its cover, price and when. */
export function RecentOrders() {
  const orders = useRecentOrders();
  const rows = (orders.data ?? []).flatMap((order) =>
    order.books.map((book, index) => ({ key: `${order._id}:${index}`, book, order })),
  );
  return (
    <section
      aria-labelledby="recent-orders-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="recent-orders-heading" className="font-serif text-xl font-bold text-stone-900">
        Recent Orders
      </h2>
      {orders.isPending ? (
        <Spinner className="mt-4" label="Loading recent orders" />
      ) : rows.length === 0 ? (
        <p className="mt-4 text-stone-600">No orders placed in the last 2 days.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {rows.map(({ key, book, order }) => (
            <li key={key} className="flex items-center gap-4 py-3" data-testid="recent-order">
              <BookThumb src={book.image} title={book.title} decorative />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-stone-900">{book.title}</p>
                <p className="text-sm text-stone-500">
                  Order {order.number} ·{' '}
                  <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))}</time>
                </p>
              </div>
              <span className="shrink-0 font-semibold text-stone-900">
                {formatMoney(book.priceCents, order.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
