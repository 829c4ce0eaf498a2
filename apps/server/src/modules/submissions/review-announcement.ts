/**
 * After an admin approves or rejects a submission: the submitter hears of it by e-mail (and in their
 * notifications), with the reviewer's reason when one was given. Runs after the review committed;
 * a failure is logged and changes nothing about the review.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { submissionReviewedMail } from '../mail/index.js';
import { notifyUsers } from '../notifications/index.js';
import type { BookRecord } from '../books/index.js';

export type ReviewDecision = 'approved' | 'rejected';

/** The optional reason a review request may carry (`{ reason }` in its JSON body). */
export function reviewReasonOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('reason' in body)) return null;
  const reason = body.reason;
  return typeof reason === 'string' && reason.trim() ? reason.trim().slice(0, 2000) : null;
}

export function announceReview(
  app: FastifyInstance,
  book: BookRecord,
  decision: ReviewDecision,
  reason: string | null,
): void {
  // Queued at once and run in turn on the mail queue (so the mail queue's idle() covers it too).
  app.mail.send(async () => {
    if (!book.userId) return null;
    const [submitter] = await app.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, book.userId))
      .limit(1);
    if (!submitter) return null;
    await notifyUsers(app.db, [book.userId], {
      kind: decision === 'approved' ? 'submission-approved' : 'submission-rejected',
      title: decision === 'approved' ? 'Book approved' : 'Book not approved',
      body:
        decision === 'approved'
          ? `"${book.title}" was approved and is now in the library.`
          : `"${book.title}" was not approved.${reason ? ` Reason: ${reason}` : ''}`,
      link: '/user-dashboard/userBooks',
    }).catch((error: unknown) => app.log.error({ err: error, bookId: book.id }, 'review notification failed'));
    return submissionReviewedMail(app.config, { member: submitter, book, decision, reason });
  });
}
