/**
 * Refunds by the admin: a whole order or some of its books, with a reason. The refund is written
 * (pending) before the gateway is asked, bound to the request's Idempotency-Key; the gateway refunds
 * once per refund id; then one transaction gives the books up (order lines marked, entitlements and
 * stamped copies removed, the order's status and refunded amount kept) and completes the refund.
 * A crash between the gateway and that transaction leaves a pending refund that the payment reconciler
 * completes (asking the gateway again is a no-op), so no refund leaves its books owned and no book is
 * taken away without its money going back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entitlements, orderItems, orders, refunds, stampedCopies, type RefundRow } from '../../db/schema/index.js';
import { badRequest, conflict, notFound, unavailable, unprocessable } from '../../lib/errors.js';
import { removeUnusedFiles } from '../files/index.js';

export type RefundDeps = Pick<FastifyInstance, 'db' | 'paymentGateway' | 'fileStore' | 'caches'>;

/** Told of a refund once its transaction committed (the buyer's e-mail and notification); must not throw. */
export type RefundListener = (refund: RefundRow) => void;

export interface RefundInput {
  orderId: string;
  adminId: string;
  /** Order lines to refund; every line not yet refunded when absent. */
  itemIds?: string[];
  reason: string;
  idempotencyKey?: string;
}

export async function refundOrder(
  deps: RefundDeps,
  input: RefundInput,
  onRefunded?: RefundListener,
): Promise<{ refund: RefundRow; created: boolean }> {
  const key = input.idempotencyKey ?? `auto:${randomUUID()}`;
  const refund = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, key)));
    if (existing) {
      const sameLines =
        !input.itemIds ||
        (input.itemIds.length === existing.itemIds.length &&
          input.itemIds.every((id) => existing.itemIds.includes(id)));
      if (existing.reason !== input.reason || !sameLines) {
        throw unprocessable('This refund was already started with different details.', 'IDEMPOTENCY_KEY_REUSED');
      }
      return existing;
    }

    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const pending = await tx
      .select({ itemIds: refunds.itemIds })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending')));
    const taken = new Set(pending.flatMap((row) => row.itemIds));
    const open = lines.filter((line) => line.refundId === null && !taken.has(line.id));
    let chosen = open;
    if (input.itemIds) {
      const wanted = new Set(input.itemIds);
      if (input.itemIds.some((id) => !lines.some((line) => line.id === id))) {
        throw badRequest('A selected book is not in this order.');
      }
      chosen = open.filter((line) => wanted.has(line.id));
      if (chosen.length < wanted.size) throw conflict('A selected book was already refunded.', 'ALREADY_REFUNDED');
    }
    if (chosen.length === 0) throw conflict('Every book of this order was already refunded.', 'ALREADY_REFUNDED');
    const [created] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        idempotencyKey: key,
        itemIds: chosen.map((line) => line.id),
        amountCents: chosen.reduce((sum, line) => sum + line.priceCents, 0),
        reason: input.reason,
        adminId: input.adminId,
      })
      .returning();
    return created!;
  });
  if (refund.status === 'completed') return { refund, created: false };
  try {
    const completed = await completeRefund(deps, refund.id, onRefunded);
    return { refund: completed.refund, created: completed.completedNow };
  } catch (error) {
    // The refund is on record: a retry with the same key, or the reconciler, finishes it.
    throw Object.assign(
      unavailable('The payment service could not refund this order right now. Please try again.', 'REFUND_UNAVAILABLE'),
      { cause: error },
    );
  }
}

/**
 * Gives the money back at the gateway (once per refund id), then takes the books back in one
 * transaction. Safe to run again, and from several processes: the refund's row lock decides.
 */
export async function completeRefund(
  deps: RefundDeps,
  refundId: string,
  onRefunded?: RefundListener,
): Promise<{ refund: RefundRow; completedNow: boolean }> {
  const { db } = deps;
  const [first] = await db
    .select({ refund: refunds, chargeId: orders.chargeId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!first) throw new Error(`refund ${refundId} vanished`);
  if (first.refund.status === 'completed') return { refund: first.refund, completedNow: false };
  if (first.refund.amountCents > 0) {
    await deps.paymentGateway.refund(first.chargeId, {
      amountCents: first.refund.amountCents,
      idempotencyKey: first.refund.id,
    });
  }
  const outcome = await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) throw new Error(`refund ${refundId} vanished`);
    if (refund.status === 'completed') return { refund, completedNow: false, fileIds: [] as string[] };
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
    if (!order) throw new Error(`the order of refund ${refundId} vanished`);
    const lines = await tx
      .update(orderItems)
      .set({ refundId: refund.id })
      .where(and(inArray(orderItems.id, refund.itemIds), isNull(orderItems.refundId)))
      .returning({ bookId: orderItems.bookId });
    const bookIds = lines.flatMap((line) => (line.bookId ? [line.bookId] : []));
    let fileIds: string[] = [];
    if (order.userId && bookIds.length > 0) {
      await tx
        .delete(entitlements)
        .where(
          and(
            eq(entitlements.userId, order.userId),
            inArray(entitlements.bookId, bookIds),
            eq(entitlements.orderId, order.id),
          ),
        );
      const copies = await tx
        .delete(stampedCopies)
        .where(and(eq(stampedCopies.userId, order.userId), inArray(stampedCopies.bookId, bookIds)))
        .returning({ fileId: stampedCopies.fileId });
      fileIds = copies.map((copy) => copy.fileId);
    }
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), isNull(orderItems.refundId)));
    await tx
      .update(orders)
      .set({
        refundedCents: order.refundedCents + refund.amountCents,
        status: (left?.n ?? 0) === 0 ? 'refunded' : 'partially_refunded',
      })
      .where(eq(orders.id, order.id));
    const [completed] = await tx
      .update(refunds)
      .set({ status: 'completed' })
      .where(eq(refunds.id, refund.id))
      .returning();
    return { refund: completed!, completedNow: true, fileIds };
  });
  if (outcome.fileIds.length > 0) {
    // Only after the commit: a rolled-back refund loses no file.
    await removeUnusedFiles(db, deps.fileStore, deps.caches, outcome.fileIds).catch(() => {});
  }
  if (outcome.completedNow && onRefunded) {
    try {
      onRefunded(outcome.refund);
    } catch {
      // The listener logs its own failures; the refund stands.
    }
  }
  return { refund: outcome.refund, completedNow: outcome.completedNow };
}

/** The reconciler's part: pending refunds older than the grace period, completed. */
export async function reconcileRefunds(
  deps: RefundDeps,
  {
    now = new Date(),
    graceMs,
    limit = 100,
    onRefunded,
  }: { now?: Date; graceMs: number; limit?: number; onRefunded?: RefundListener },
): Promise<number> {
  const stale = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, new Date(now.getTime() - graceMs))))
    .orderBy(refunds.updatedAt)
    .limit(limit);
  let completed = 0;
  for (const { id } of stale) {
    if ((await completeRefund(deps, id, onRefunded)).completedNow) completed += 1;
  }
  return completed;
}
