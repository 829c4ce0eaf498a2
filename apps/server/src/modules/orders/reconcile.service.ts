/**
 * The payment reconciler's one pass. Every payment attempt left open (pending or charged) for longer
 * than the grace period is settled against the gateway: a succeeded charge becomes its order (or a
 * refund when it can no longer be fulfilled), a decline is recorded, and an attempt that was never
 * charged expires once the checkout timeout has passed (the checkout refuses to charge an attempt
 * older than half of it, so no charge can appear after the expiry).
 *
 * Safe with several server copies at once: each attempt is handled in its own transaction holding its
 * row lock, and copies skip the rows another copy holds (FOR UPDATE SKIP LOCKED).
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentAttempts, type PaymentAttemptRow } from '../../db/schema/index.js';
import type { PaymentGateway } from '../payment/index.js';
import { announcePlaced, fulfilLocked, type Fulfilment, type OrderPlacedListener } from './fulfilment.service.js';

export interface ReconcileOptions {
  attemptTimeoutMs: number;
  /** How long an open attempt is left to its own checkout first (default: a quarter of the timeout, at most 30 s). */
  graceMs?: number;
  now?: Date;
  /** Attempts per pass. */
  limit?: number;
  /** Told of each order a pass wrote, after its transaction committed. */
  onOrderPlaced?: OrderPlacedListener;
}

export interface ReconcileReport {
  completed: number;
  refunded: number;
  declined: number;
  expired: number;
  /** Open and still young enough to be charged by their checkout: left for a later pass. */
  left: number;
  /** Skipped: another copy of the server holds them. */
  skipped: number;
}

const OPEN = ['pending', 'charged'] as const;

export async function reconcilePayments(
  db: Db,
  gateway: PaymentGateway,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? Math.min(30_000, options.attemptTimeoutMs / 4);
  const report: ReconcileReport = { completed: 0, refunded: 0, declined: 0, expired: 0, left: 0, skipped: 0 };
  const candidates = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(inArray(paymentAttempts.status, [...OPEN]), lt(paymentAttempts.updatedAt, new Date(now.getTime() - graceMs))),
    )
    .orderBy(asc(paymentAttempts.updatedAt))
    .limit(options.limit ?? 100);

  for (const { id } of candidates) {
    let fulfilment: Fulfilment | undefined;
    const outcome = await db.transaction(async (tx) => {
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, [...OPEN])))
        .for('update', { skipLocked: true });
      if (!attempt) return 'skipped' as const;
      return settleOne(tx, gateway, attempt, now, options.attemptTimeoutMs, (settled) => (fulfilment = settled));
    });
    if (fulfilment) announcePlaced(fulfilment, options.onOrderPlaced);
    report[outcome] += 1;
  }
  return report;
}

async function settleOne(
  tx: Tx,
  gateway: PaymentGateway,
  attempt: PaymentAttemptRow,
  now: Date,
  attemptTimeoutMs: number,
  fulfilled: (fulfilment: Fulfilment) => void,
): Promise<Exclude<keyof ReconcileReport, 'skipped'>> {
  const result = await gateway.findCharge(attempt.id);
  if (!result) {
    if (now.getTime() - attempt.createdAt.getTime() <= attemptTimeoutMs) return 'left';
    await tx.update(paymentAttempts).set({ status: 'expired' }).where(eq(paymentAttempts.id, attempt.id));
    return 'expired';
  }
  if (!result.ok) {
    await tx
      .update(paymentAttempts)
      .set({ status: 'declined', failure: result.reason })
      .where(eq(paymentAttempts.id, attempt.id));
    return 'declined';
  }
  const fulfilment = await fulfilLocked(tx, gateway, attempt, result.charge);
  fulfilled(fulfilment);
  return fulfilment.kind;
}
