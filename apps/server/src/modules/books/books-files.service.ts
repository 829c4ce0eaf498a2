/**
 * A book's cover file (the PDF is sent by modules/downloads).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { books, files } from '../../db/schema/index.js';
import { getFileRow, latest } from '../files/index.js';
import { maySee, type Caller } from './books.policy.js';
import { ownsBook } from './ownership.service.js';
import { notFound } from '../../lib/errors.js';
import type { Caches } from './catalogue-caches.js';
import { findPublicBookCached } from './books-query.service.js';

export interface CoverFile {
  fileId: string;
  sha256: string;
  mime: string;
  sizeBytes: number;
  /** When the book's cover last changed, at the latest (the book's last edit or the file's storing). */
  lastModified: Date;
}

/**
 * A book's cover file in one query (the cover is the busiest URL of the catalogue). Same visibility
 * as the book: a cover of a pending or rejected book only for its submitter and admins.
 */
export async function getCoverFile(
  db: Db,
  caches: Caches,
  bookId: string,
  resolveCaller: () => Promise<Caller>,
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
      priceCents: books.priceCents,
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
  if (!(await maySee(row, resolveCaller, (callerId) => ownsBook(db, callerId, bookId)))) {
    throw notFound('Book not found.', 'BOOK_NOT_FOUND');
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
