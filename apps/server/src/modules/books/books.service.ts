/**
 * The rules of books: who sees, creates, edits, deletes, approves and rejects what. Writes run in one
 * transaction; staged files are committed only after it succeeds and discarded on any failure.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BOOK_VALIDATION_MESSAGE,
  PUBLIC_BOOK_STATUSES,
  bookFieldsSchema,
  formatMoney,
  type BookFields,
  type BookStatus,
  type ManageBooksQuery,
  type MyBooksQuery,
} from '@ebook/shared';
import type { Db, Executor } from '../../db/client.js';
import { books, files, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AcceptedFile } from '../files/files.service.js';
import { discardInput, type BookInput } from './books-input.js';
import { bookColumns, invalidateCatalogueCaches, type BookRecord } from './books-query.service.js';
import { buildSearch } from './books-search.service.js';
import { removeThumbnails } from './books-files.service.js';
import { notifyAdmins, notifyPriceDrop } from '../notifications/notifications.service.js';

export type Caller = Pick<AuthUser, 'id' | 'role'> | null;

export function isPublicStatus(status: BookStatus): boolean {
  return PUBLIC_BOOK_STATUSES.includes(status);
}

async function findBook(db: Executor, id: string): Promise<BookRecord | undefined> {
  const [book] = await db.select(bookColumns).from(books).where(eq(books.id, id)).limit(1);
  return book;
}

/**
 * A public book to anyone; a pending or rejected one only to its submitter or an admin (404 for
 * others). The caller is resolved only when needed, so public reads skip the session lookup.
 */
export async function getVisibleBook(db: Db, id: string, resolveCaller: () => Promise<Caller>): Promise<BookRecord> {
  const book = await findBook(db, id);
  if (!book) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  if (isPublicStatus(book.status)) return book;
  if (!canSee(book, await resolveCaller())) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  return book;
}

export function canSee(book: Pick<BookRecord, 'status' | 'userId'>, caller: Caller): boolean {
  return isPublicStatus(book.status) || caller?.role === 'admin' || (!!caller && book.userId === caller.id);
}

export async function listAllPublicBooks(db: Db): Promise<BookRecord[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(inArray(books.status, [...PUBLIC_BOOK_STATUSES]))
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

/** Inserts the files rows (once per content) inside the transaction; bytes are moved after commit. */
async function recordFile(tx: Executor, file: AcceptedFile, dimensions?: { width: number; height: number }) {
  const [row] = await tx
    .insert(files)
    .values({ sha256: file.sha256, mime: file.mime, sizeBytes: file.sizeBytes, ...dimensions })
    .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: file.sha256 } })
    .returning({ id: files.id });
  return row!.id;
}

async function commitFiles(input: BookInput): Promise<void> {
  await Promise.all([input.cover?.commit(), input.pdf?.commit()]);
}

export async function createBook(db: Db, caller: AuthUser, input: BookInput): Promise<BookRecord> {
  try {
    const fields = parseFields(input.fields);
    if (!input.cover || !input.pdf) throw badRequest(BOOK_VALIDATION_MESSAGE, 'VALIDATION_ERROR');
    const { cover, pdf } = input;
    // A member's submission always waits for review, whatever status the body carries.
    const status: BookStatus = caller.role === 'admin' ? (fields.status ?? 'added') : 'pending';
    const book = await db.transaction(async (tx) => {
      const coverFileId = await recordFile(tx, cover, { width: cover.width, height: cover.height });
      const pdfFileId = await recordFile(tx, pdf);
      const [row] = await tx
        .insert(books)
        .values({ ...bookValues(fields), status, userId: caller.id, coverFileId, pdfFileId })
        .returning(bookColumns);
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
    invalidateCatalogueCaches();
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
  };
}

/** Members may change only their own books, and only before they are public. */
function assertMayChange(book: BookRecord, caller: AuthUser): void {
  if (caller.role === 'admin') return;
  if (book.userId !== caller.id) throw forbidden('You can only change your own books.', 'NOT_YOUR_BOOK');
  if (isPublicStatus(book.status)) {
    throw forbidden('This book is already in the library and can no longer be changed.', 'BOOK_LOCKED');
  }
}

async function loadForChange(db: Executor, id: string, caller: AuthUser): Promise<BookRecord> {
  const book = await findBook(db, id);
  // Someone else's unpublished book does not exist for a member.
  if (!book || !canSee(book, caller)) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  assertMayChange(book, caller);
  return book;
}

export async function updateBook(
  db: Db,
  store: FileStore,
  id: string,
  caller: AuthUser,
  input: BookInput,
  /** For the price-drop notification's text. */
  currency = 'USD',
): Promise<BookRecord> {
  let replaced: string[] = [];
  try {
    const fields = parseFields(input.fields);
    const book = await db.transaction(async (tx) => {
      const current = await loadForChange(tx, id, caller);
      const coverFileId = input.cover
        ? await recordFile(tx, input.cover, { width: input.cover.width, height: input.cover.height })
        : current.coverFileId;
      const pdfFileId = input.pdf ? await recordFile(tx, input.pdf) : current.pdfFileId;
      replaced = [current.coverFileId, current.pdfFileId].filter(
        (fileId): fileId is string => !!fileId && fileId !== coverFileId && fileId !== pdfFileId,
      );
      // Editing keeps the status; only an admin may set one explicitly.
      const status = caller.role === 'admin' && fields.status ? fields.status : current.status;
      const [row] = await tx
        .update(books)
        .set({ ...bookValues(fields), status, coverFileId, pdfFileId, updatedAt: new Date() })
        .where(eq(books.id, id))
        .returning(bookColumns);
      // A lower price on a public book: recorded with the change for everyone who wished for it.
      if (row!.priceCents < current.priceCents && PUBLIC_BOOK_STATUSES.includes(row!.status)) {
        await notifyPriceDrop(tx, row!, {
          before: formatMoney(current.priceCents, currency),
          after: row!.priceCents === 0 ? 'nothing (free)' : formatMoney(row!.priceCents, currency),
        });
      }
      return row!;
    });
    await commitFiles(input);
    invalidateCatalogueCaches();
    await removeUnusedFiles(db, store, replaced);
    return book;
  } catch (error) {
    await discardInput(input);
    throw error;
  }
}

export async function deleteBook(db: Db, store: FileStore, id: string, caller: AuthUser): Promise<void> {
  const fileIds = await db.transaction(async (tx) => {
    const book = await loadForChange(tx, id, caller);
    await tx.delete(books).where(eq(books.id, id));
    return [book.coverFileId, book.pdfFileId].filter((fileId): fileId is string => !!fileId);
  });
  invalidateCatalogueCaches();
  await removeUnusedFiles(db, store, fileIds);
}

/** Deletes files that no book and no profile uses any more: the row first, then the bytes. */
export async function removeUnusedFiles(db: Db, store: FileStore, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const removed = await db
    .delete(files)
    .where(
      and(
        inArray(files.id, fileIds),
        sql`not exists (select 1 from ${books} where ${books.coverFileId} = ${files.id} or ${books.pdfFileId} = ${files.id})`,
        sql`not exists (select 1 from ${users} where ${users.profileImageFileId} = ${files.id})`,
      ),
    )
    .returning({ sha256: files.sha256 });
  for (const file of removed) {
    await store.remove(file.sha256);
    await removeThumbnails(store, file.sha256);
  }
}

export async function reviewBook(db: Db, id: string, decision: 'approved' | 'rejected'): Promise<BookRecord> {
  const book = await db.transaction(async (tx) => {
    const current = await findBook(tx, id);
    if (!current) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
    if (current.status !== 'pending') {
      throw conflict(`Only a pending book can be ${decision}; this one is ${current.status}.`, 'BOOK_NOT_PENDING');
    }
    const [row] = await tx
      .update(books)
      .set({ status: decision, reviewedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(books.id, id), eq(books.status, 'pending')))
      .returning(bookColumns);
    if (!row) throw conflict(`Only a pending book can be ${decision}.`, 'BOOK_NOT_PENDING');
    return row;
  });
  invalidateCatalogueCaches();
  return book;
}

export interface SubmittedBook {
  book: BookRecord;
  submitterName: string | null;
  submitterRole: 'admin' | 'member' | null;
}

/** Every pending book, oldest first (the review queue), with its submitter. */
export async function listPendingBooks(db: Db): Promise<SubmittedBook[]> {
  const rows = await db
    .select({ book: bookColumns, submitterName: users.name, submitterRole: users.role })
    .from(books)
    .leftJoin(users, eq(users.id, books.userId))
    .where(eq(books.status, 'pending'))
    .orderBy(books.createdAt, books.id)
    .limit(500);
  return rows;
}

export async function listOwnPending(db: Db, userId: string): Promise<BookRecord[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(and(eq(books.userId, userId), eq(books.status, 'pending')))
    .orderBy(desc(books.createdAt), desc(books.id));
}

export async function listOwnBooks(db: Db, userId: string, query: MyBooksQuery) {
  return pageOf(db, eq(books.userId, userId), query);
}

export async function listAllForAdmin(db: Db, query: ManageBooksQuery) {
  const q = query.q && query.q.length > 0 ? query.q : undefined;
  const search = q ? await buildSearch(db, q) : undefined;
  const where = and(query.status ? eq(books.status, query.status) : undefined, search?.condition);
  return pageOf(db, where, query, search ? sql`${search.rank} desc` : undefined);
}

async function pageOf(db: Db, where: SQL | undefined, query: { page: number; limit: number }, rank?: SQL) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ book: bookColumns, submitterName: users.name, submitterRole: users.role })
      .from(books)
      .leftJoin(users, eq(users.id, books.userId))
      .where(where)
      .orderBy(...(rank ? [rank] : []), desc(books.createdAt), desc(books.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(books)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
