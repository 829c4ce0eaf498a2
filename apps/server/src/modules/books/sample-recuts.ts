/**
 * Limits on cutting a sample again because its length changed: each change of `samplePages` makes the
 * pool rebuild the sample from the whole PDF, so a book may be re-cut SAMPLE_RECUTS_PER_BOOK times a
 * day and a member may cause SAMPLE_RECUTS_PER_MEMBER re-cuts a day (429 SAMPLE_RECUT_LIMIT past
 * either). Counted in the database, so every copy of the server sees the same count.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sampleRecuts } from '../../db/schema/index.js';
import { tooManyRequests } from '../../lib/errors.js';

export const SAMPLE_RECUTS_PER_BOOK = 5;
export const SAMPLE_RECUTS_PER_MEMBER = 20;
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Records one re-cut of `bookId` by `caller` inside the edit's transaction, or refuses it. */
export async function recordSampleRecut(
  tx: Executor,
  bookId: string,
  caller: { id: string; role: 'admin' | 'member' },
): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const [forBook] = await tx
    .select({ n: count() })
    .from(sampleRecuts)
    .where(and(eq(sampleRecuts.bookId, bookId), gt(sampleRecuts.createdAt, since)));
  if ((forBook?.n ?? 0) >= SAMPLE_RECUTS_PER_BOOK) {
    throw tooManyRequests(
      `The sample of this book has been changed ${SAMPLE_RECUTS_PER_BOOK} times today; please try again tomorrow.`,
      'SAMPLE_RECUT_LIMIT',
    );
  }
  if (caller.role === 'member') {
    const [forMember] = await tx
      .select({ n: count() })
      .from(sampleRecuts)
      .where(and(eq(sampleRecuts.userId, caller.id), gt(sampleRecuts.createdAt, since)));
    if ((forMember?.n ?? 0) >= SAMPLE_RECUTS_PER_MEMBER) {
      throw tooManyRequests(
        `You have changed the samples of your books ${SAMPLE_RECUTS_PER_MEMBER} times today; please try again tomorrow.`,
        'SAMPLE_RECUT_LIMIT',
      );
    }
  }
  await tx.insert(sampleRecuts).values({ bookId, userId: caller.id });
}
