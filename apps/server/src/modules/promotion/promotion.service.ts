/**
 * The store-wide promotion: a percentage off every paid book while it is on and before its end date.
 * One row, set by the admin. The checkout prices with it (checkout.service.ts); the web shows the old
 * and new price from GET /api/store.
 */
import { eq } from 'drizzle-orm';
import { PROMOTION_END_MESSAGE, type PromotionInput, type RunningPromotion } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import { promotions, type PromotionRow } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

export function isRunning(row: PromotionRow | undefined, now = new Date()): row is PromotionRow {
  return !!row && row.active && row.endsAt.getTime() > now.getTime();
}

export async function getPromotionRow(db: Executor): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, 1));
  return row;
}

/** The promotion running now, or null. */
export async function getRunningPromotion(db: Executor, now = new Date()): Promise<RunningPromotion | null> {
  const row = await getPromotionRow(db);
  return isRunning(row, now) ? { percentOff: row.percentOff, endsAt: row.endsAt.toISOString() } : null;
}

/** Sets the promotion. Switching it on with an end date already past is refused. */
export async function setPromotion(db: Executor, input: PromotionInput, now = new Date()): Promise<PromotionRow> {
  const endsAt = new Date(input.endsAt);
  if (input.active && endsAt.getTime() <= now.getTime()) {
    throw badRequest(PROMOTION_END_MESSAGE, 'VALIDATION_ERROR', [{ path: 'endsAt', message: PROMOTION_END_MESSAGE }]);
  }
  const values = { percentOff: input.percentOff, endsAt, active: input.active, updatedAt: now };
  const [row] = await db
    .insert(promotions)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: promotions.id, set: values })
    .returning();
  return row!;
}

export function presentSetting(row: PromotionRow | undefined, now = new Date()) {
  if (!row) return { promotion: null };
  return {
    promotion: {
      percentOff: row.percentOff,
      endsAt: row.endsAt.toISOString(),
      active: row.active,
      running: isRunning(row, now),
    },
  };
}
