/**
 * What follows a new order once it is committed: the receipt e-mail (and the buyer's notification).
 * Runs beside the request, never inside the order's transaction; a failure is logged, the order stands.
 */
import { eq } from 'drizzle-orm';
import { formatOrderNumber } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { orderReceiptMail, type MailMessage } from '../mail/index.js';
import { notifyUsers } from '../notifications/index.js';
import type { OrderPlacedListener } from './fulfilment.service.js';
import type { OrderView } from './orders.service.js';

export function orderPlacedListener(app: FastifyInstance): OrderPlacedListener {
  // Queued at once and run in turn on the mail queue (so the mail queue's idle() covers it too).
  return (view) => app.mail.send(() => announce(app, view));
}

async function announce(app: FastifyInstance, { order, items }: OrderView): Promise<MailMessage | null> {
  if (!order.userId) return null;
  const [buyer] = await app.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!buyer) return null;
  const titles = items.map((item) => `"${item.title}"`).join(', ');
  await notifyUsers(app.db, [order.userId], {
    kind: 'order-placed',
    title: 'Order placed',
    body: `Your order of ${titles} is complete. Your books are in My Library.`,
    link: '/user-dashboard/my-library',
  }).catch((error: unknown) => app.log.error({ err: error, orderId: order.id }, 'order notification failed'));
  return orderReceiptMail(app.config, buyer, {
    orderNumber: formatOrderNumber(order.number, order.createdAt),
    items: items.map((item) => ({ title: item.title, priceCents: item.priceCents })),
    totalCents: order.totalCents,
    currency: order.currency,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
  });
}
