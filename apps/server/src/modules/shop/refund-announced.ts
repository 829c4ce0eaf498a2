/**
 * What follows a refund once it is committed: the buyer's e-mail and notification. Runs on the mail
 * queue, never inside the refund's transaction; a failure is logged, the refund stands.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMoney, formatOrderNumber } from '@ebook/shared';
import { orderItems, orders, users, type RefundRow } from '../../db/schema/index.js';
import { orderRefundedMail, type MailMessage } from '../mail/index.js';
import { notifyUsers } from '../notifications/index.js';
import type { RefundListener } from './refunds.service.js';

export function refundListener(app: FastifyInstance): RefundListener {
  return (refund) => app.mail.send(() => announce(app, refund));
}

async function announce(app: FastifyInstance, refund: RefundRow): Promise<MailMessage | null> {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order?.userId) return null;
  const [buyer] = await app.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!buyer) return null;
  const lines = await app.db
    .select({ id: orderItems.id, title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const titles = lines.filter((line) => refund.itemIds.includes(line.id)).map((line) => line.title);
  const orderNumber = formatOrderNumber(order.number, order.createdAt);
  await notifyUsers(app.db, [order.userId], {
    kind: 'order-refunded',
    title: 'Order refunded',
    body: `${formatMoney(refund.amountCents, order.currency)} of order ${orderNumber} was refunded: ${titles
      .map((title) => `"${title}"`)
      .join(', ')}.`,
    link: '/user-dashboard/orders',
  }).catch((error: unknown) => app.log.error({ err: error, refundId: refund.id }, 'refund notification failed'));
  return orderRefundedMail(app.config, buyer, {
    orderNumber,
    titles,
    amountCents: refund.amountCents,
    currency: order.currency,
    reason: refund.reason,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
  });
}
