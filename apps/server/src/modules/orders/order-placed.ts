/**
 * What follows a new order once it is committed: the receipt e-mail (and the buyer's notification).
 * Runs beside the request, never inside the order's transaction; a failure is logged, the order stands.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { orderReceiptMail } from '../mail/messages.js';
import { notifyUsers } from '../notifications/notifications.service.js';
import type { OrderPlacedListener } from './fulfilment.service.js';
import type { OrderView } from './orders.service.js';

export function orderPlacedListener(app: FastifyInstance): OrderPlacedListener {
  return (view) => {
    announce(app, view).catch((error: unknown) =>
      app.log.error({ err: error, orderId: view.order.id }, 'order follow-up failed'),
    );
  };
}

async function announce(app: FastifyInstance, { order, items }: OrderView): Promise<void> {
  if (!order.userId) return;
  const [buyer] = await app.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!buyer) return;
  const titles = items.map((item) => `"${item.title}"`).join(', ');
  await notifyUsers(app.db, [order.userId], {
    kind: 'order-placed',
    title: 'Order placed',
    body: `Your order of ${titles} is complete. Your books are in My Library.`,
    link: '/user-dashboard/my-library',
  });
  app.mail.send(
    orderReceiptMail(app.config, buyer, {
      orderId: order.id,
      items: items.map((item) => ({ title: item.title, priceCents: item.priceCents })),
      totalCents: order.totalCents,
      currency: order.currency,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
    }),
  );
}
