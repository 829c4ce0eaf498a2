/**
 * The rules of books: who sees, creates, edits, deletes, approves and rejects what. Writes run in one
 * transaction; staged files are committed only after it succeeds and discarded on any failure.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BOOK_VALIDATION_MESSAGE,
  bookFieldsSchema,
  formatMoney,
  type BookFields,
  type BookStatus,
} from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { books, cartItems, files, users, wishlistItems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, payloadTooLarge, tooManyRequests, unauthorized } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { discardInput, type BookInput } from './books-input.js';
import { bookColumns, type BookRecord } from './books-query.service.js';
import { recordFile, removeUnusedFiles } from '../files/index.js';
import {
  askBookAccess,
  canSee,
  isPublicStatus,
  mayChange,
  maySee,
  publicStatus,
  type BookAccess,
  type Caller,
} from './books.policy.js';
import { countOwners, ownsBook } from './ownership.service.js';
import { notifyAdmins, notifyPriceDrop } from '../notifications/index.js';
import { recordSampleRecut } from './sample-recuts.js';

export type { Caller };
export { isPublicStatus };

export async function findBook(db: Executor, id: string, lock = false): Promise<BookRecord | undefined> {
  const query = db.select(bookColumns).from(books).where(eq(books.id, id)).limit(1);
  const [book] = lock ? await query.for('update') : await query;
  return book;
}

/**
 * The book, if the caller may see it (books.policy: 404 otherwise). The caller is resolved only when
 * needed, so public reads skip the session lookup.
 */
export async function getVisibleBook(db: Db, id: string, resolveCaller: () => Promise<Caller>): Promise<BookRecord> {
  const book = await findBook(db, id);
  if (!book || !(await maySee(book, resolveCaller, (callerId) => ownsBook(db, callerId, book.id)))) {
    throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  }
  return book;
}

/**
 * The book and what the caller may do with it, if they may download it (books.policy): 404 when they
 * may not see it, 401 for a visitor and 403 NOT_PURCHASED for a member who has not bought it.
 */
export async function getDownloadableBook(
  db: Db,
  id: string,
  caller: Caller,
): Promise<{ book: BookRecord; access: BookAccess }> {
  const book = await findBook(db, id);
  if (!book) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  const access = await askBookAccess(
    book,
    caller,
    () => ownsBook(db, caller!.id, book.id),
    (answer) => answer,
  );
  if (access.download === 'hidden') throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  if (access.download === 'log-in') throw unauthorized('Please log in to download this book.');
  if (access.download === 'buy') throw forbidden('Buy this book to download it.', 'NOT_PURCHASED');
  return { book, access };
}

export async function listAllPublicBooks(db: Db): Promise<BookRecord[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(publicStatus(books.status))
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(1000);
}

function parseFields(raw: Record<string, unknown>): BookFields {
  const parsed = bookFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const missing = parsed.error.issues.some((issue) => issue.message === BOOK_VALIDATION_MESSAGE);
  throw badRequest(
    missing ? BOOK_VALIDATION_MESSAGE : (issues[0]?.message ?? 'Invalid book.'),
    'VALIDATION_ERROR',
    issues,
  );
}

/** The page count inspection found (recorded with the file). */
function pagesOf(pdf: NonNullable<BookInput['pdf']>): { pages?: number } {
  return 'pages' in pdf ? { pages: pdf.pages } : {};
}

async function commitFiles(input: BookInput): Promise<void> {
  await Promise.all([input.cover?.commit(), input.pdf?.commit(), input.epub?.commit()]);
}

/** A member's limits (admins have none). */
export interface MemberQuota {
  /** Books waiting for review at once. */
  pendingBooks: number;
  /** Bytes of the distinct covers and PDFs of all the member's books. */
  uploadBytes: number;
}

/** What the writes of books use of the app. */
type BookDeps = Pick<FastifyInstance, 'db' | 'fileStore' | 'caches' | 'config'>;

function memberQuota(app: BookDeps): MemberQuota {
  return { pendingBooks: app.config.PENDING_BOOKS_PER_MEMBER, uploadBytes: app.config.UPLOAD_BYTES_PER_MEMBER };
}

/**
 * Checks a member's quotas inside the write's transaction, after the write: a refusal rolls it back
 * (and the caller discards the staged files). The member's row is locked first, so two uploads of
 * one member are counted one after the other.
 */
async function assertWithinQuota(tx: Executor, caller: AuthUser, quota: MemberQuota | undefined) {
  if (!quota || caller.role === 'admin') return;
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(books)
    .where(and(eq(books.userId, caller.id), eq(books.status, 'pending')));
  if (pending!.n > quota.pendingBooks) {
    throw tooManyRequests(
      `You already have ${quota.pendingBooks} books waiting for review. You can submit more once they are reviewed.`,
      'TOO_MANY_PENDING_BOOKS',
    );
  }
  const [used] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(
      sql`${files.id} in (
        select ${books.coverFileId} from ${books} where ${books.userId} = ${caller.id}
        union
        select ${books.pdfFileId} from ${books} where ${books.userId} = ${caller.id}
        union
        select ${books.epubFileId} from ${books} where ${books.userId} = ${caller.id})`,
    );
  const bytes = Number(used?.bytes ?? 0);
  if (bytes > quota.uploadBytes) {
    throw payloadTooLarge(
      `Your uploads would take ${formatBytes(bytes)} of your ${formatBytes(quota.uploadBytes)} of storage. Delete a book or use smaller files.`,
      'UPLOAD_QUOTA_EXCEEDED',
    );
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

async function lockMember(tx: Executor, caller: AuthUser, quota: MemberQuota | undefined) {
  if (!quota || caller.role === 'admin') return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
}

export async function createBook(
  app: BookDeps,
  { caller, input }: { caller: AuthUser; input: BookInput },
): Promise<BookRecord> {
  const { db, caches } = app;
  const quota = memberQuota(app);
  try {
    const fields = parseFields(input.fields);
    // A PDF, an EPUB or both.
    if (!input.cover || (!input.pdf && !input.epub)) throw badRequest(BOOK_VALIDATION_MESSAGE, 'VALIDATION_ERROR');
    const { cover, pdf, epub } = input;
    if (fields.status === 'unlisted') throw badRequest(UNLIST_BY_DELETE, 'VALIDATION_ERROR');
    // A member's submission always waits for review, whatever status the body carries.
    const status: BookStatus = caller.role === 'admin' ? (fields.status ?? 'added') : 'pending';
    const book = await db.transaction(async (tx) => {
      await lockMember(tx, caller, quota);
      const coverFileId = await recordFile(tx, cover, { width: cover.width, height: cover.height });
      const pdfFileId = pdf ? await recordFile(tx, pdf, pagesOf(pdf)) : null;
      const epubFileId = epub ? await recordFile(tx, epub) : null;
      const [row] = await tx
        .insert(books)
        .values({ ...bookValues(fields), status, userId: caller.id, coverFileId, pdfFileId, epubFileId })
        .returning(bookColumns);
      await assertWithinQuota(tx, caller, quota);
      if (status === 'pending') {
        await notifyAdmins(tx, {
          kind: 'new-submission',
          title: 'New book submitted',
          body: `"${row!.title}" by ${row!.author}. Added by ${caller.name}; pending review.`,
          link: '/admin-dashboard',
        });
      }
      return row!;
    });
    await commitFiles(input);
    caches.clear();
    return book;
  } catch (error) {
    await discardInput(input);
    throw error;
  }
}

function bookValues(fields: BookFields) {
  return {
    title: fields.title,
    author: fields.author,
    category: fields.category,
    priceCents: fields.price,
    story: fields.story,
    description: fields.description,
    meta: fields.meta,
    // Left out of an edit: kept.
    ...(fields.samplePages !== undefined && { samplePages: fields.samplePages }),
  };
}

/**
 * An imported book that needs a file ('incomplete') is listed ('added') once it has its cover and a
 * PDF or an EPUB (either is a readable book); a book without them is never listed, whatever status an
 * edit asks for.
 */
function completedStatus(status: BookStatus, hasFiles: boolean): BookStatus {
  if (status === 'incomplete' && hasFiles) return 'added';
  if (isPublicStatus(status) && !hasFiles) return 'incomplete';
  return status;
}

const UNLIST_BY_DELETE = 'A book is unlisted by deleting it while members own it.';

/** Members may change only their own books, and only before they are public. */
function assertMayChange(book: BookRecord, caller: AuthUser): void {
  const answer = mayChange(book, caller);
  if (answer === 'not-yours') throw forbidden('You can only change your own books.', 'NOT_YOUR_BOOK');
  if (answer === 'locked') {
    throw forbidden('This book is already in the library and can no longer be changed.', 'BOOK_LOCKED');
  }
}

async function loadForChange(db: Executor, id: string, caller: AuthUser): Promise<BookRecord> {
  // Locked: an approval waits for the change (and then sees its new version), or the change waits for
  // the approval (and then finds the book public).
  const book = await findBook(db, id, true);
  // Someone else's unpublished book does not exist for a member.
  if (!book || !canSee(book, caller)) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  assertMayChange(book, caller);
  return book;
}

export async function updateBook(
  app: BookDeps,
  { id, caller, input }: { id: string; caller: AuthUser; input: BookInput },
): Promise<BookRecord> {
  const { db, fileStore: store, caches } = app;
  const quota = memberQuota(app);
  /** For the price-drop notification's text. */
  const currency = app.config.STORE_CURRENCY;
  let replaced: string[] = [];
  try {
    const fields = parseFields(input.fields);
    const book = await db.transaction(async (tx) => {
      await lockMember(tx, caller, quota);
      const current = await loadForChange(tx, id, caller);
      const coverFileId = input.cover
        ? await recordFile(tx, input.cover, { width: input.cover.width, height: input.cover.height })
        : current.coverFileId;
      const pdfFileId = input.pdf ? await recordFile(tx, input.pdf, pagesOf(input.pdf)) : current.pdfFileId;
      const epubFileId = input.epub ? await recordFile(tx, input.epub) : current.epubFileId;
      // Another EPUB: its sample is made again.
      const epubSample =
        epubFileId !== current.epubFileId ? { epubSampleFileId: null, epubSampleStatus: 'pending' as const } : {};
      // Another PDF or another sample length: the sample is cut again (modules/reading).
      const samplePages = fields.samplePages === undefined ? current.samplePages : fields.samplePages;
      const sampleStale = pdfFileId !== current.pdfFileId || samplePages !== current.samplePages;
      // Only a new length of an already cut sample is a re-cut (a new PDF is an upload, limited as such).
      if (
        pdfFileId === current.pdfFileId &&
        samplePages !== current.samplePages &&
        current.sampleStatus !== 'pending'
      ) {
        await recordSampleRecut(tx, current.id, caller);
      }
      const sample = sampleStale ? { sampleFileId: null, sampleStatus: 'pending' as const } : {};
      replaced = [
        current.coverFileId,
        current.pdfFileId,
        current.epubFileId,
        sampleStale ? current.sampleFileId : null,
        epubFileId !== current.epubFileId ? current.epubSampleFileId : null,
      ].filter(
        (fileId): fileId is string =>
          !!fileId && fileId !== coverFileId && fileId !== pdfFileId && fileId !== epubFileId,
      );
      // Editing keeps the status; only an admin may set one explicitly. A member who edits a rejected
      // book sends it for review again.
      const status = completedStatus(
        caller.role === 'admin'
          ? (fields.status ?? current.status)
          : current.status === 'rejected'
            ? 'pending'
            : current.status,
        !!coverFileId && (!!pdfFileId || !!epubFileId),
      );
      if (status === 'unlisted' && current.status !== 'unlisted') {
        throw badRequest(UNLIST_BY_DELETE, 'VALIDATION_ERROR');
      }
      const [row] = await tx
        .update(books)
        .set({
          ...bookValues(fields),
          ...sample,
          ...epubSample,
          status,
          coverFileId,
          pdfFileId,
          epubFileId,
          rejectionReason: status === 'rejected' ? current.rejectionReason : null,
          version: sql`${books.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(books.id, id))
        .returning(bookColumns);
      // Only the book's own submitter is held to the quota (an admin editing is not).
      if (current.userId === caller.id) await assertWithinQuota(tx, caller, quota);
      // A lower price on a public book: recorded with the change for everyone who wished for it.
      if (row!.priceCents < current.priceCents && isPublicStatus(row!.status)) {
        await notifyPriceDrop(tx, row!, {
          before: formatMoney(current.priceCents, currency),
          after: row!.priceCents === 0 ? 'nothing (free)' : formatMoney(row!.priceCents, currency),
        });
      }
      // A rejected book edited by its member is back in the queue: the admins are told.
      if (current.status === 'rejected' && row!.status === 'pending') {
        await notifyAdmins(tx, {
          kind: 'new-submission',
          title: 'Book sent for review again',
          body: `"${row!.title}" by ${row!.author}. Edited by ${caller.name} after a rejection; pending review.`,
          link: '/admin-dashboard',
        });
      }
      return row!;
    });
    await commitFiles(input);
    caches.clear();
    await removeUnusedFiles(db, store, caches, replaced);
    return book;
  } catch (error) {
    await discardInput(input);
    throw error;
  }
}

export type DeleteOutcome = { kind: 'deleted' } | { kind: 'unlisted'; owners: number };

/**
 * Deletes a book nobody owns, with its unused files. A book that members own is unlisted instead:
 * out of the catalogue, every cart and wishlist, with no new sales; its owners keep it and its files.
 */
export async function deleteBook(
  app: BookDeps,
  { id, caller }: { id: string; caller: AuthUser },
): Promise<DeleteOutcome> {
  const { db, fileStore: store, caches } = app;
  const result = await db.transaction(async (tx) => {
    const book = await loadForChange(tx, id, caller);
    // Locks the row, so an order being written for it waits and then finds it unlisted.
    await tx.select({ id: books.id }).from(books).where(eq(books.id, id)).for('update');
    const owners = await countOwners(tx, id);
    if (owners > 0) {
      await tx.update(books).set({ status: 'unlisted', updatedAt: new Date() }).where(eq(books.id, id));
      await tx.delete(cartItems).where(eq(cartItems.bookId, id));
      await tx.delete(wishlistItems).where(eq(wishlistItems.bookId, id));
      return { outcome: { kind: 'unlisted', owners } as DeleteOutcome, fileIds: [] };
    }
    await tx.delete(books).where(eq(books.id, id));
    const fileIds = [
      book.coverFileId,
      book.pdfFileId,
      book.sampleFileId,
      book.epubFileId,
      book.epubSampleFileId,
    ].filter((fileId): fileId is string => !!fileId);
    return { outcome: { kind: 'deleted' } as DeleteOutcome, fileIds };
  });
  caches.clear();
  await removeUnusedFiles(db, store, caches, result.fileIds);
  return result.outcome;
}
