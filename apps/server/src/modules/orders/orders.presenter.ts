import { centsToAmount, formatOrderNumber, type Order } from '@ebook/shared';
import type { OrderView } from './orders.service.js';

/** An order as the API shows it: each book as sold (title and price snapshot) with its cover. */
export function presentOrder({ order, items }: OrderView): Order {
  return {
    _id: order.id,
    number: formatOrderNumber(order.number, order.createdAt),
    createdAt: order.createdAt.toISOString(),
    totalCents: order.totalCents,
    total: centsToAmount(order.totalCents),
    currency: order.currency,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    status: order.status,
    refundedCents: order.refundedCents,
    discountCents: items.reduce(
      (sum, item) => sum + (item.listPriceCents === null ? 0 : Math.max(0, item.listPriceCents - item.priceCents)),
      0,
    ),
    books: items.map((item, index) => ({
      _id: item.bookId ?? `${order.id}:${index}`,
      title: item.title,
      image: item.bookId && item.coverFileId ? `/api/books/${item.bookId}/cover` : null,
      price: centsToAmount(item.priceCents),
      priceCents: item.priceCents,
      refunded: item.refunded,
    })),
  };
}
