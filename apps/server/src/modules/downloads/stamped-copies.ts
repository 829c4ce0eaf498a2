/**
 * Stamped copies of sold books (plugin `stamped-copies`): a buyer who downloads a paid book gets their
 * own copy of each format, the book's PDF with their name, e-mail and order in a footer on every page
 * and in the metadata (see stamp-pdf.ts), the EPUB with the same on a colophon page and in its package
 * metadata (stamp-epub.ts). The copy is made once per buyer and book, in the document pool, and kept
 * in the file store with a `files` row like any upload, so later downloads and the reader's Range
 * requests cost no stamping. The original stays untouched: books.policy says who gets a stamped copy
 * (an owner of a paid book); one who owns the book without an order (took it while it was free) gets
 * the original, as there is no sale to stamp.
 *
 * A download waits a little for a copy being made (COPY_WAIT_SECONDS); past that it is answered 202
 * COPY_PREPARING with Retry-After, and the copy goes on being made. A copy that cannot be made (its job
 * is refused, runs out of memory or time) is recorded against the book's PDF: its buyers get 503
 * COPY_UNAVAILABLE, never the unstamped original, the admins are told once, and it is not tried again
 * until the PDF is replaced.
 *
 * A copy is made again when the book's PDF is replaced; the clean-up of files (removeUnusedFiles)
 * removes copies made from a PDF that is gone.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EPUB_MAX_BYTES, PDF_MAX_BYTES, type BookFormat } from '@ebook/shared';
import { documentFailures, files, orderItems, orders, stampedCopies, users } from '../../db/schema/index.js';
import { unavailable } from '../../lib/errors.js';
import { notifyAdmins } from '../notifications/notifications.service.js';
import { DocumentJobFailed, DocumentRefused } from '../files/document-jobs.js';
import type { FileStore } from '../../lib/file-store.js';
import type { BookRecord } from '../books/index.js';
import { recordFile, removeUnusedFiles } from '../files/file-records.service.js';
import { fileIdOf, FORMAT_MIME } from './send-book-file.js';

/** A member the policy gives a stamped copy to. */
interface Buyer {
  id: string;
}

/** What a download sends instead of the book's own PDF. */
export interface StampedFile {
  sha256: string;
  sizeBytes: number;
}

/** The copy is still being made: ask again after `retryAfterSeconds`. */
export interface CopyPreparing {
  preparing: true;
  retryAfterSeconds: number;
}

export interface StampedCopies {
  /**
   * The buyer's stamped copy of the book (made now if needed), for a caller books.policy gives a stamped
   * copy; null when there is no PDF or no sale to stamp (they get the original), or "preparing" when it
   * takes longer than a download waits. 503 COPY_UNAVAILABLE when it cannot be made.
   */
  forDownload(book: BookRecord, buyer: Buyer, format?: BookFormat): Promise<StampedFile | CopyPreparing | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    stampedCopies: StampedCopies;
  }
}

const RETRY_AFTER_SECONDS = 5;

const copyUnavailable = () =>
  unavailable(
    'Your copy of this book cannot be prepared at the moment; the store has been told. Please try again later.',
    'COPY_UNAVAILABLE',
  );

export default fp(
  async (app: FastifyInstance) => {
    const inFlight = new Map<string, Promise<StampedFile>>();

    async function make(book: BookRecord, caller: Buyer, sale: Sale, format: BookFormat): Promise<StampedFile> {
      const [source] = await app.db
        .select()
        .from(files)
        .where(eq(files.id, fileIdOf(book, format)!))
        .limit(1);
      if (!source) throw copyUnavailable();
      let stamped: Uint8Array;
      try {
        stamped = await app.documentJobs.run({
          kind: format === 'epub' ? 'stamp-epub' : 'stamp',
          bytes: await readWhole(app.fileStore, source.sha256, source.sizeBytes),
          stamp: {
            name: sale.name,
            email: sale.email,
            orderId: sale.orderId,
            soldAt: sale.soldAt.toISOString(),
            storeName: app.config.STORE_NAME,
          },
        });
      } catch (error) {
        if (error instanceof DocumentRefused || error instanceof DocumentJobFailed) {
          await recordFailure(book, source.id, format, error);
          throw copyUnavailable();
        }
        throw error;
      }
      const staged = await app.fileStore.stage(
        Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength),
        (format === 'epub' ? EPUB_MAX_BYTES : PDF_MAX_BYTES) * 2,
      );
      let replaced: string | undefined;
      try {
        await app.db.transaction(async (tx) => {
          const fileId = await recordFile(tx, { ...staged, mime: FORMAT_MIME[format] });
          const [previous] = await tx
            .select({ fileId: stampedCopies.fileId })
            .from(stampedCopies)
            .where(
              and(
                eq(stampedCopies.userId, caller.id),
                eq(stampedCopies.bookId, book.id),
                eq(stampedCopies.format, format),
              ),
            )
            .for('update');
          await tx
            .insert(stampedCopies)
            .values({
              userId: caller.id,
              bookId: book.id,
              format,
              sourceFileId: source.id,
              fileId,
              orderId: sale.orderId,
            })
            .onConflictDoUpdate({
              target: [stampedCopies.userId, stampedCopies.bookId, stampedCopies.format],
              set: { sourceFileId: source.id, fileId, orderId: sale.orderId, createdAt: new Date() },
            });
          if (previous && previous.fileId !== fileId) replaced = previous.fileId;
          await staged.commit();
        });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      if (replaced) await removeUnusedFiles(app.db, app.fileStore, app.caches, [replaced]);
      return { sha256: staged.sha256, sizeBytes: staged.sizeBytes };
    }

    app.decorate('stampedCopies', {
      async forDownload(book, caller, format = 'pdf') {
        const sourceId = fileIdOf(book, format);
        if (!sourceId) return null;
        const [kept] = await app.db
          .select({ sha256: files.sha256, sizeBytes: files.sizeBytes })
          .from(stampedCopies)
          .innerJoin(files, eq(files.id, stampedCopies.fileId))
          .where(
            and(
              eq(stampedCopies.userId, caller.id),
              eq(stampedCopies.bookId, book.id),
              eq(stampedCopies.format, format),
              eq(stampedCopies.sourceFileId, sourceId),
            ),
          )
          .limit(1);
        if (kept) return kept;
        const sale = await findSale(app, caller.id, book.id);
        if (!sale) return null;
        const [failed] = await app.db
          .select({ reason: documentFailures.reason })
          .from(documentFailures)
          .where(and(eq(documentFailures.fileId, sourceId), eq(documentFailures.kind, 'stamp')))
          .limit(1);
        if (failed) throw copyUnavailable();
        const key = `${caller.id}:${book.id}:${sourceId}`;
        let pending = inFlight.get(key);
        if (!pending) {
          pending = make(book, caller, sale, format).finally(() => inFlight.delete(key));
          // Answered by a later download when this one stops waiting.
          pending.catch(() => undefined);
          inFlight.set(key, pending);
        }
        return waitAtMost(pending, app.config.COPY_WAIT_SECONDS * 1000);
      },
    } satisfies StampedCopies);

    /** Records that the book's PDF (or EPUB) cannot be stamped (once) and tells the admins. */
    async function recordFailure(
      book: BookRecord,
      sourceFileId: string,
      format: BookFormat,
      error: Error,
    ): Promise<void> {
      const name = format.toUpperCase();
      app.log.warn({ err: error, bookId: book.id }, 'could not stamp a sold copy');
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documentFailures)
          .values({ fileId: sourceFileId, kind: 'stamp', reason: error.message })
          .onConflictDoNothing()
          .returning({ fileId: documentFailures.fileId });
        if (!row) return;
        await notifyAdmins(tx, {
          kind: 'document-failed',
          title: 'Sold copies cannot be stamped',
          body: `The ${name} of "${book.title}" could not be stamped for its buyers (${error.message}). They cannot download it until its ${name} is replaced.`,
          link: '/admin-dashboard',
        });
      });
    }

    async function waitAtMost(pending: Promise<StampedFile>, ms: number): Promise<StampedFile | CopyPreparing> {
      let timer: NodeJS.Timeout | undefined;
      const preparing = new Promise<CopyPreparing>((resolve) => {
        timer = setTimeout(() => resolve({ preparing: true, retryAfterSeconds: RETRY_AFTER_SECONDS }), ms);
      });
      try {
        return await Promise.race([pending, preparing]);
      } finally {
        clearTimeout(timer);
      }
    }
  },
  { name: 'stamped-copies', dependencies: ['db', 'caches', 'document-jobs'] },
);

interface Sale {
  orderId: string;
  soldAt: Date;
  name: string;
  email: string;
}

/** The buyer's first order of the book, with the buyer's name and e-mail as they are now. */
async function findSale(app: FastifyInstance, userId: string, bookId: string): Promise<Sale | null> {
  const [sale] = await app.db
    .select({ orderId: orders.id, soldAt: orders.createdAt, name: users.name, email: users.email })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.userId, userId), eq(orderItems.bookId, bookId)))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return sale ?? null;
}

/** The whole file in one buffer of its own (so it can be handed to the worker without a copy). */
async function readWhole(store: FileStore, sha256: string, sizeBytes: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(sizeBytes);
  let offset = 0;
  for await (const chunk of store.read(sha256)) {
    const piece = chunk as Buffer;
    if (offset + piece.length > sizeBytes) throw new Error('The stored file is larger than its record.');
    bytes.set(piece, offset);
    offset += piece.length;
  }
  if (offset !== sizeBytes) throw new Error('The stored file is smaller than its record.');
  return bytes;
}
