/**
 * A book's files: cover thumbnails (re-encoded WebP, made on first request and kept in the file store), who may
 * download the PDF, and short-lived signed download links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { books, files } from '../../db/schema/index.js';
import { getFileRow } from '../files/file-records.service.js';
import { latest } from '../files/http-file.js';
import { isPrivileged, isPublicStatus } from './books.policy.js';
import { ownsBook } from './ownership.service.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { Caches } from '../../plugins/caches.js';
import { findPublicBookCached, type BookRecord } from './books-query.service.js';

export interface CoverFile {
  fileId: string;
  sha256: string;
  mime: string;
  sizeBytes: number;
  /** When the book's cover last changed, at the latest (the book's last edit or the file's storing). */
  lastModified: Date;
}

/** Signed download links live this long. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

/**
 * A book's cover file in one query (the cover is the busiest URL of the catalogue). Same visibility
 * as the book: a cover of a pending or rejected book only for its submitter and admins.
 */
export async function getCoverFile(
  db: Db,
  caches: Caches,
  bookId: string,
  resolveCaller: () => Promise<PdfCaller | null>,
): Promise<CoverFile> {
  const cached = await findPublicBookCached(db, caches, bookId);
  if (cached?.coverFileId) {
    const fileId = cached.coverFileId;
    // File rows never change (content-addressed), so they are kept longer than the book.
    const file = await caches.coverFiles.getOrLoad(fileId, () => getFileRow(db, fileId));
    return {
      fileId: file.id,
      sha256: file.sha256,
      mime: file.mime,
      sizeBytes: file.sizeBytes,
      lastModified: latest(cached.updatedAt, file.createdAt),
    };
  }
  const [row] = await db
    .select({
      status: books.status,
      userId: books.userId,
      fileId: files.id,
      sha256: files.sha256,
      mime: files.mime,
      sizeBytes: files.sizeBytes,
      bookUpdatedAt: books.updatedAt,
      fileCreatedAt: files.createdAt,
    })
    .from(books)
    .leftJoin(files, eq(files.id, books.coverFileId))
    .where(eq(books.id, bookId))
    .limit(1);
  if (!row) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  if (!isPublicStatus(row.status)) {
    const caller = await resolveCaller();
    const privileged = isPrivileged(row, caller);
    const owner = caller && row.status === 'unlisted' && (await ownsBook(db, caller.id, bookId));
    if (!privileged && !owner) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  }
  if (!row.fileId || !row.sha256 || !row.mime || row.sizeBytes === null || !row.fileCreatedAt) {
    throw notFound('This book has no cover.', 'FILE_NOT_FOUND');
  }
  return {
    fileId: row.fileId,
    sha256: row.sha256,
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    lastModified: latest(row.bookUpdatedAt, row.fileCreatedAt),
  };
}

export interface PdfCaller {
  id: string;
  role: 'admin' | 'member';
}

/**
 * Who may download a book's PDF: a free public book, anyone; a paid one, a buyer, its submitter or an
 * admin (a visitor gets 401, a signed-in reader without the right 403). A book that is not public
 * does not exist for anyone but its submitter and admins, and, once unlisted, its owners.
 */
export async function assertMayDownload(db: Db, book: BookRecord, caller: PdfCaller | null): Promise<void> {
  const privileged = isPrivileged(book, caller);
  if (!isPublicStatus(book.status)) {
    if (privileged) return;
    if (caller && book.status === 'unlisted' && (await ownsBook(db, caller.id, book.id))) return;
    throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  }
  if (book.priceCents === 0 || privileged) return;
  if (!caller) throw unauthorized('Please log in to download this book.');
  if (!(await ownsBook(db, caller.id, book.id))) throw forbidden('Buy this book to download it.', 'NOT_PURCHASED');
}

function signature(secret: string, bookId: string, userId: string | undefined, expires: number): string {
  const subject = userId ? `pdf:${bookId}:${userId}:${expires}` : `pdf:${bookId}:${expires}`;
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

/**
 * A link that downloads as `userId` (a visitor's link: only what anyone may download). The right is
 * checked again when the link is used, so a member who is deleted (or loses the book) takes every
 * link made for them along.
 */
export function signDownload(secret: string, bookId: string, userId?: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const sig = signature(secret, bookId, userId, expires);
  const user = userId ? `&u=${userId}` : '';
  return {
    url: `/api/books/${bookId}/pdf?exp=${expires}&sig=${sig}${user}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function verifyDownload(
  secret: string,
  bookId: string,
  userId: string | undefined,
  expires: number,
  sig: string,
): boolean {
  if (expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(secret, bookId, userId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
