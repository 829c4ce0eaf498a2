/**
 * Account deletion, for an admin's delete and a member's own "Delete my account" alike: the member
 * goes with everything that belongs only to them, in one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { books, paymentCards, stampedCopies, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { removeUnusedFiles } from '../files/file-records.service.js';

/** What a deletion touches: the rows, the files they leave unused, the caches and the card vault. */
export type AccountDeletionDeps = Pick<FastifyInstance, 'db' | 'fileStore' | 'caches' | 'paymentGateway'>;

/** Told about a file or a vaulted card that could not be removed after the commit. */
type CleanupErrorListener = (error: unknown) => void;

/** Submissions that never reached the catalogue go with their member; approved books stay. */
const UNPUBLISHED_STATUSES = ['pending', 'rejected'] as const;

/**
 * Deletes a member: the account, its sessions, cart, wishlist and saved cards (cascades), and the
 * member's unpublished submissions with their files when nothing else uses them, in one transaction.
 * Orders stay (their user id becomes null) for the books' accounting, and so do approved books.
 * After the commit the payment gateway is told to forget the cards; a failure there leaves only an
 * unusable token in the processor's vault, so it is reported, not thrown.
 */
export async function deleteMember(
  app: AccountDeletionDeps,
  { callerId, memberId, onCleanupError }: { callerId: string; memberId: string; onCleanupError?: CleanupErrorListener },
): Promise<void> {
  if (memberId === callerId) throw conflict('You cannot delete your own account here.', 'CANNOT_DELETE_SELF');
  await removeMemberAccount(app, { memberId, onCleanupError });
}

/**
 * The deletion itself, for an admin's delete and a member's own "Delete my account" alike (see
 * deleteMember). What the member bought goes with them: their entitlements are deleted with the
 * account, and download links made for them stop working (they are checked against the member).
 */
export async function removeMemberAccount(
  app: AccountDeletionDeps,
  { memberId, onCleanupError = () => {} }: { memberId: string; onCleanupError?: CleanupErrorListener },
): Promise<void> {
  const { db, fileStore, caches, paymentGateway } = app;
  const { fileIds, cardTokens } = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, profileImageFileId: users.profileImageFileId })
      .from(users)
      .where(eq(users.id, memberId))
      .for('update')
      .limit(1);
    if (!target) throw notFound('Member not found.', 'MEMBER_NOT_FOUND');
    if (target.role === 'admin') throw forbidden('An admin account cannot be deleted.', 'CANNOT_DELETE_ADMIN');

    const cards = await tx
      .select({ token: paymentCards.gatewayToken })
      .from(paymentCards)
      .where(eq(paymentCards.userId, memberId));

    const removedBooks = await tx
      .delete(books)
      .where(and(eq(books.userId, memberId), inArray(books.status, [...UNPUBLISHED_STATUSES])))
      .returning({
        coverFileId: books.coverFileId,
        pdfFileId: books.pdfFileId,
        sampleFileId: books.sampleFileId,
        epubFileId: books.epubFileId,
        epubSampleFileId: books.epubSampleFileId,
      });

    // Their stamped copies go with them (the rows by cascade, the files below).
    const copies = await tx
      .select({ fileId: stampedCopies.fileId })
      .from(stampedCopies)
      .where(eq(stampedCopies.userId, memberId));

    await tx.delete(users).where(eq(users.id, memberId));

    const candidates = new Set<string>();
    for (const book of removedBooks) {
      if (book.coverFileId) candidates.add(book.coverFileId);
      if (book.pdfFileId) candidates.add(book.pdfFileId);
      if (book.sampleFileId) candidates.add(book.sampleFileId);
      if (book.epubFileId) candidates.add(book.epubFileId);
      if (book.epubSampleFileId) candidates.add(book.epubSampleFileId);
    }
    if (target.profileImageFileId) candidates.add(target.profileImageFileId);
    for (const copy of copies) candidates.add(copy.fileId);
    return { fileIds: [...candidates], cardTokens: cards.map((card) => card.token) };
  });

  // Files and vault entries go only after the rows are committed, so a rolled-back delete loses
  // nothing; files still used by another book or profile stay.
  const cleanups = await Promise.allSettled([
    removeUnusedFiles(db, fileStore, caches, fileIds),
    ...cardTokens.map((token) => paymentGateway.removeCard(token)),
  ]);
  for (const result of cleanups) if (result.status === 'rejected') onCleanupError(result.reason);
}
