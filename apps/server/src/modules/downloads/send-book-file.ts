/**
 * Sending a book's PDF or EPUB to someone who may have it (books.policy decides, through
 * getDownloadableBook), whole or by Range, with its validators: used by the web download
 * (GET /api/books/:id/pdf and /epub) and by e-reader apps (GET /opds/books/:id/file), so a change to
 * either (such as stamped copies) applies to both.
 */
import type { BookFormat, ErrorResponse } from '@ebook/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';
import {
  getDownloadableBook,
  recordFreeDownload,
  type BookAccess,
  type BookRecord,
  type Caller,
} from '../books/index.js';
import { findFileRow, getFileRow } from '../files/file-records.service.js';
import { bookDisposition, contentTag, latest, sendFile } from '../files/http-file.js';

/** The content type of each format. */
export const FORMAT_MIME: Record<BookFormat, string> = { pdf: 'application/pdf', epub: 'application/epub+zip' };

/** The book's file of that format, or null. */
export function fileIdOf(book: Pick<BookRecord, 'pdfFileId' | 'epubFileId'>, format: BookFormat): string | null {
  return format === 'epub' ? book.epubFileId : book.pdfFileId;
}

/** A member who takes a free book keeps it in their library (and may then review it). */
export async function keepFreeBook(app: FastifyInstance, caller: Caller, book: BookRecord, access: BookAccess) {
  if (caller && access.keep) await recordFreeDownload(app.db, caller.id, book.id);
}

/**
 * Sends book `id`'s PDF (or EPUB) to `caller` if they may download it (401/403/404 otherwise),
 * keeping a free book in a member's library. Access is decided before any condition is looked at, so
 * a validator never tells a stranger anything. 404 FILE_NOT_FOUND when the book has no file of that
 * format.
 */
export async function sendBookFile(
  app: FastifyInstance,
  {
    request,
    reply,
    bookId,
    caller,
    format = 'pdf',
  }: { request: FastifyRequest; reply: FastifyReply; bookId: string; caller: Caller; format?: BookFormat },
): Promise<FastifyReply> {
  const { book, access } = await getDownloadableBook(app.db, bookId, caller);
  const sourceId = fileIdOf(book, format);
  if (!sourceId) throw notFound(`This book has no ${format.toUpperCase()}.`, 'FILE_NOT_FOUND');
  await keepFreeBook(app, caller, book, access);
  // A buyer gets their own stamped copy; free books, the submitter and admins the original.
  const stamped =
    access.copy === 'stamped' && caller ? await app.stampedCopies.forDownload(book, caller, format) : null;
  if (stamped && 'preparing' in stamped) {
    return reply
      .status(202)
      .header('Retry-After', String(stamped.retryAfterSeconds))
      .header('Cache-Control', 'no-store')
      .send({ msg: 'Preparing your copy...', code: 'COPY_PREPARING' } satisfies ErrorResponse);
  }
  const file = stamped
    ? await findFileRow(app.db, stamped.sha256, FORMAT_MIME[format])
    : await getFileRow(app.db, sourceId);
  return sendDocument(app, {
    request,
    reply,
    sha256: file.sha256,
    format,
    disposition: bookDisposition(book.title, format),
    cacheControl: 'private, no-store',
    missing: 'The file of this book is missing.',
    // An edit of the book (a new file among others) or a new copy changes what this URL sends.
    lastModified: latest(book.updatedAt, file.createdAt),
  });
}

/**
 * Streams a stored PDF or EPUB with its ETag and Last-Modified, as sendFile says (conditions, Range).
 * 404 FILE_MISSING when the store has lost the bytes.
 */
export async function sendDocument(
  app: FastifyInstance,
  {
    request,
    reply,
    sha256,
    format = 'pdf',
    ...options
  }: {
    request: FastifyRequest;
    reply: FastifyReply;
    sha256: string;
    format?: BookFormat;
    disposition: string;
    cacheControl: string;
    missing: string;
    lastModified: Date;
  },
): Promise<FastifyReply> {
  const size = (await app.fileStore.size(sha256)) ?? undefined;
  if (size === undefined) throw notFound(options.missing, 'FILE_MISSING');
  return sendFile(request, reply, {
    etag: contentTag(sha256),
    lastModified: options.lastModified,
    size,
    contentType: FORMAT_MIME[format],
    cacheControl: options.cacheControl,
    disposition: options.disposition,
    body: (range) => app.fileStore.read(sha256, range),
  });
}
