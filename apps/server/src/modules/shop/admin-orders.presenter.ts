import { formatOrderNumber, ORDER_STATUS_LABELS, type AdminOrder } from '@ebook/shared';
import { csvRow } from '../../lib/csv.js';
import type { AdminOrderRecord } from './admin-orders.service.js';

/** What the promotion took off: the books' own prices less what was paid (books with a known price). */
export function discountOf(record: AdminOrderRecord): number {
  return record.items.reduce(
    (sum, item) => sum + (item.listPriceCents === null ? 0 : Math.max(0, item.listPriceCents - item.priceCents)),
    0,
  );
}

export function presentAdminOrder(record: AdminOrderRecord): AdminOrder {
  const { order } = record;
  const titleOf = new Map(record.items.map((item) => [item.id, item.title]));
  return {
    _id: order.id,
    number: formatOrderNumber(order.number, order.createdAt),
    createdAt: order.createdAt.toISOString(),
    buyer: { _id: record.buyer.id, name: record.buyer.name, email: record.buyer.email },
    items: record.items.map((item) => ({
      _id: item.id,
      bookId: item.bookId,
      title: item.title,
      priceCents: item.priceCents,
      listPriceCents: item.listPriceCents,
      refunded: item.refundId !== null,
    })),
    discountCents: discountOf(record),
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    currency: order.currency,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    status: order.status,
    refunds: record.refunds.map((refund) => ({
      _id: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      status: refund.status,
      titles: refund.itemIds.map((id) => titleOf.get(id) ?? ''),
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}

export const ORDERS_CSV_HEADER = csvRow([
  'Order number',
  'Date (UTC)',
  'Buyer name',
  'Buyer e-mail',
  'Books',
  'Prices paid',
  'Discount',
  'Total',
  'Refunded',
  'Currency',
  'Card brand',
  'Card last 4',
  'Status',
]);

/** One order as a CSV line: amounts as plain decimals (spreadsheets sum them), books joined by "; ". */
export function orderCsvRow(record: AdminOrderRecord): string {
  const { order } = record;
  const amount = (cents: number) => (cents / 100).toFixed(2);
  return csvRow([
    formatOrderNumber(order.number, order.createdAt),
    order.createdAt.toISOString(),
    record.buyer.name ?? '',
    record.buyer.email ?? '',
    record.items.map((item) => item.title).join('; '),
    record.items.map((item) => amount(item.priceCents)).join('; '),
    amount(discountOf(record)),
    amount(order.totalCents),
    amount(order.refundedCents),
    order.currency,
    order.cardBrand ?? '',
    order.cardLast4 ?? '',
    ORDER_STATUS_LABELS[order.status],
  ]);
}
