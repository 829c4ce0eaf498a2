/**
 * 'Orders': every order, paged on the server (the next page by key: after the last order shown, so
 * page 500 costs what page 1 does; a jump to a page not yet seen by its number); search by buyer e-mail, order number or book; a date
 * range and a status; the CSV export of what the filter shows; a refund for each order with books
 * still owned.
 */
import { useState } from 'react';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  formatCount,
  formatMoney,
  type AdminOrder,
  type OrderStatus,
} from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStepBackPastLastPage } from '@/hooks/use-step-back-past-last-page';
import { ordersExportUrl, useOrders } from '../api/get-orders';
import { pageWindow } from '../lib/page-window';
import { RefundDialog } from './refund-dialog';
import { TableShell } from './table-shell';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const FIELD =
  'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

const STATUS_STYLES: Record<OrderStatus, string> = {
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  partially_refunded: 'bg-amber-50 text-amber-800 ring-amber-200',
  refunded: 'bg-stone-100 text-stone-700 ring-stone-300',
};

const cardText = (order: AdminOrder) =>
  order.cardLast4 ? `${order.cardBrand ? order.cardBrand.toUpperCase() : 'Card'} •••• ${order.cardLast4}` : '—';

export function OrdersTable() {
  const [page, setPage] = useState(1);
  // Each page reached by Next: the order it starts after (reset with the filter).
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<'' | OrderStatus>('');
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filter = { q: q || undefined, from: from || undefined, to: to || undefined, status: status || undefined };
  const orders = useOrders({ ...filter, page, limit: PAGE_SIZE.adminOrders, after: cursors[page] });
  const total = orders.data?.total ?? 0;
  useStepBackPastLastPage(page, setPage, orders.data?.total, PAGE_SIZE.adminOrders);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setCursors({});
    };
  const goTo = (next: number) => {
    const after = orders.data?.nextCursor;
    if (next === page + 1 && after && !orders.isPlaceholderData) setCursors((known) => ({ ...known, [next]: after }));
    setPage(next);
  };
  const rows = orders.data?.orders ?? [];
  const filtered = Boolean(q || from || to || status);
  return (
    <div>
      <div
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        role="search"
        aria-label="Find orders"
      >
        <div>
          <label htmlFor="admin-order-search" className="block text-sm font-medium text-stone-700">
            Search orders
          </label>
          <input
            id="admin-order-search"
            type="search"
            value={search}
            maxLength={200}
            placeholder="Buyer e-mail, order number or book"
            onChange={(event) => change(setSearch)(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="admin-order-from" className="block text-sm font-medium text-stone-700">
            From
          </label>
          <input
            id="admin-order-from"
            type="date"
            value={from}
            onChange={(event) => change(setFrom)(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="admin-order-to" className="block text-sm font-medium text-stone-700">
            To
          </label>
          <input
            id="admin-order-to"
            type="date"
            value={to}
            onChange={(event) => change(setTo)(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="admin-order-status" className="block text-sm font-medium text-stone-700">
            Status
          </label>
          <select
            id="admin-order-status"
            value={status}
            onChange={(event) => change(setStatus)(event.target.value as '' | OrderStatus)}
            className={FIELD}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <a
          href={ordersExportUrl(filter)}
          download
          className="inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 hover:bg-stone-50"
        >
          <Icon name="download" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <p className="mb-2 text-sm text-stone-600" aria-live="polite">
        {orders.data
          ? orders.data.totalCapped
            ? `More than ${formatCount(total)} orders: refine the search to see them all`
            : `${formatCount(total)} ${total === 1 ? 'order' : 'orders'}`
          : ''}
      </p>
      <TableShell
        caption="Orders"
        headers={['Order', 'Buyer', 'Books', 'Total', 'Card', 'Status', 'Actions']}
        loading={orders.isPending}
        updating={orders.isPlaceholderData}
        error={orders.isError}
        empty={rows.length === 0}
        emptyText={filtered ? 'No orders found for your filter.' : 'No orders yet.'}
      >
        {rows.map((order) => {
          const money = (cents: number) => formatMoney(cents, order.currency);
          const refundable = order.items.some((item) => !item.refunded);
          return (
            <tr key={order._id} data-testid="admin-order" className="align-top hover:bg-stone-50/60">
              <td className="px-4 py-3 whitespace-nowrap">
                <p className="font-mono font-medium text-stone-900">{order.number}</p>
                <time dateTime={order.createdAt} className="text-xs text-stone-500">
                  {dateTime.format(new Date(order.createdAt))}
                </time>
              </td>
              <td className="px-4 py-3">
                <p className="font-medium text-stone-900">{order.buyer.name ?? 'Deleted member'}</p>
                {order.buyer.email && <p className="text-xs break-all text-stone-500">{order.buyer.email}</p>}
              </td>
              <td className="px-4 py-3">
                <ul className="space-y-1">
                  {order.items.map((item) => (
                    <li key={item._id} className="flex justify-between gap-3">
                      <span className={item.refunded ? 'text-stone-500 line-through' : 'text-stone-900'}>
                        {item.title}
                      </span>
                      <span className="whitespace-nowrap text-stone-700">
                        {money(item.priceCents)}
                        {item.refunded && <span className="ml-1 text-xs text-stone-500 no-underline">(refunded)</span>}
                      </span>
                    </li>
                  ))}
                </ul>
                {order.refunds.map((refund) => (
                  <p key={refund._id} className="mt-1 text-xs text-stone-600">
                    Refunded {money(refund.amountCents)}: {refund.reason}
                    {refund.status === 'pending' && ' (in progress)'}
                  </p>
                ))}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <p className="font-semibold text-stone-900">{money(order.totalCents)}</p>
                {order.discountCents > 0 && (
                  <p className="text-xs text-stone-500">Discount {money(order.discountCents)}</p>
                )}
                {order.refundedCents > 0 && (
                  <p className="text-xs text-red-700">Refunded {money(order.refundedCents)}</p>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">{cardText(order)}</td>
              <td className="px-4 py-3">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_STYLES[order.status]}`}
                >
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
              </td>
              <td className="px-4 py-3">
                {refundable && (
                  <Button
                    size="sm"
                    variant="danger-outline"
                    onClick={() => setRefunding(order)}
                    aria-label={`Refund order ${order.number}`}
                  >
                    Refund
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </TableShell>
      <Pagination
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE.adminOrders)}
        onPageChange={goTo}
        label="Orders pages"
        showPreviousNext={false}
        items={pageWindow}
        size="sm"
        className="mt-4"
      />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
