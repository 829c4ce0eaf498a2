/**
 * Turning a charged payment attempt into an order, for the checkout and the reconciler alike. In one
 * transaction, with the attempt's row locked: the order (total = the attempt's amount = the charged
 * amount), its items, the buyer's entitlements, the books out of the cart, and the attempt completed.
 * An attempt that can no longer be fulfilled (book gone, already owned, member gone, wrong amount) is
 * refunded at the gateway and marked refunded instead. Whoever locks the row first does the work; the
 * other finds it done.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import {
  books,
  cartItems,
  entitlements,
  orderItems,
  orders,
  paymentAttempts,
  type PaymentAttemptRow,
} from '../../db/schema/index.js';
import type { Charge, PaymentGateway } from '../payment/index.js';
import { findOrderView, type OrderView } from './orders.service.js';
import { publicStatus } from '../books/index.js';

/** Why a charged attempt was refunded rather than fulfilled. */
export type UnfulfillableReason = 'ALREADY_OWNED' | 'BOOK_UNAVAILABLE' | 'MEMBER_GONE' | 'AMOUNT_MISMATCH';

export type Fulfilment =
  { kind: 'completed'; view: OrderView; created: boolean } | { kind: 'refunded'; reason: string };

class Unfulfillable extends Error {
  constructor(readonly reason: UnfulfillableReason) {
    super(reason);
  }
}

export async function lockAttempt(tx: Tx, attemptId: string): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
  return attempt;
}

/**
 * Told of a new order after its transaction committed, never inside it: what it does (a receipt
 * e-mail, a notification) can neither fail nor undo the order. It must not throw.
 */
export type OrderPlacedListener = (view: OrderView) => void;

/** Calls the listener for a fulfilment that wrote an order; a listener's failure is swallowed. */
export function announcePlaced(fulfilment: Fulfilment, onPlaced: OrderPlacedListener | undefined): void {
  if (!onPlaced || fulfilment.kind !== 'completed' || !fulfilment.created) return;
  try {
    onPlaced(fulfilment.view);
  } catch {
    // The listener logs its own failures; the order stands regardless.
  }
}

/** Locks the attempt and fulfils it with the charge the gateway took for it. */
export async function fulfilAttempt(
  app: Pick<FastifyInstance, 'db' | 'paymentGateway'>,
  { attemptId, charge, onPlaced }: { attemptId: string; charge: Charge; onPlaced?: OrderPlacedListener },
): Promise<Fulfilment> {
  const { db, paymentGateway: gateway } = app;
  const fulfilment = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) throw new Error(`payment attempt ${attemptId} vanished`);
    return fulfilLocked(tx, gateway, attempt, charge);
  });
  // Committed: only now may anyone hear of it.
  announcePlaced(fulfilment, onPlaced);
  return fulfilment;
}

/** The attempt's row must be locked by `tx`. */
export async function fulfilLocked(
  tx: Tx,
  gateway: PaymentGateway,
  attempt: PaymentAttemptRow,
  charge: Charge,
): Promise<Fulfilment> {
  if (attempt.status === 'completed') {
    const view = attempt.orderId ? await findOrderView(tx, attempt.orderId) : null;
    if (!view) throw new Error(`payment attempt ${attempt.id} is completed but its order is missing`);
    return { kind: 'completed', view, created: false };
  }
  if (attempt.status === 'refunded') return { kind: 'refunded', reason: attempt.failure ?? 'REFUNDED' };
  if (charge.status === 'refunded') {
    await markRefunded(tx, attempt, charge.id, attempt.failure ?? 'REFUNDED');
    return { kind: 'refunded', reason: attempt.failure ?? 'REFUNDED' };
  }
  try {
    if (charge.amountCents !== attempt.amountCents || charge.currency !== attempt.currency) {
      throw new Unfulfillable('AMOUNT_MISMATCH');
    }
    // A savepoint: an order half-written before a problem shows up is undone, the lock is kept.
    const view = await tx.transaction((inner) => writeOrder(inner, attempt, charge));
    return { kind: 'completed', view, created: true };
  } catch (error) {
    if (!(error instanceof Unfulfillable)) throw error;
    // Give the money back while holding the lock, then record it. A crash in between leaves the
    // attempt charged: the next pass refunds again (a no-op at the gateway) and records it.
    await gateway.refund(charge.id);
    await markRefunded(tx, attempt, charge.id, error.reason);
    return { kind: 'refunded', reason: error.reason };
  }
}

async function writeOrder(tx: Tx, attempt: PaymentAttemptRow, charge: Charge): Promise<OrderView> {
  const userId = attempt.userId;
  if (!userId) throw new Unfulfillable('MEMBER_GONE');
  const bookIds = attempt.items.map((item) => item.bookId);
  const available = await tx
    .select({ id: books.id })
    .from(books)
    .where(and(inArray(books.id, bookIds), publicStatus(books.status)));
  if (available.length !== bookIds.length) throw new Unfulfillable('BOOK_UNAVAILABLE');

  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      idempotencyKey: attempt.idempotencyKey,
      totalCents: attempt.amountCents,
      currency: attempt.currency,
      chargeId: charge.id,
      cardBrand: attempt.cardBrand,
      cardLast4: attempt.cardLast4,
    })
    .returning();
  await tx.insert(orderItems).values(attempt.items.map((item) => ({ orderId: order!.id, ...item })));
  const granted = await tx
    .insert(entitlements)
    .values(bookIds.map((bookId) => ({ userId, bookId, orderId: order!.id })))
    .onConflictDoNothing()
    .returning({ bookId: entitlements.bookId });
  if (granted.length !== bookIds.length) throw new Unfulfillable('ALREADY_OWNED');
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.bookId, bookIds)));
  await tx
    .update(paymentAttempts)
    .set({ status: 'completed', chargeId: charge.id, orderId: order!.id, failure: null })
    .where(eq(paymentAttempts.id, attempt.id));
  const view = await findOrderView(tx, order!.id);
  if (!view) throw new Error('order vanished inside its own transaction');
  return view;
}

async function markRefunded(tx: Tx, attempt: PaymentAttemptRow, chargeId: string, reason: string) {
  await tx
    .update(paymentAttempts)
    .set({ status: 'refunded', chargeId, failure: reason })
    .where(eq(paymentAttempts.id, attempt.id));
}
