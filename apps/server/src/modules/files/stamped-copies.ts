/**
 * Stamped copies of sold books (plugin `stamped-copies`): a buyer who downloads a paid book gets their
 * own copy, the book's PDF with their name, e-mail and order in a footer on every page and in the
 * metadata (see stamp-pdf.ts). The copy is made once per buyer and book, in a worker thread, and kept
 * in the file store with a `files` row like any upload, so later downloads and the reader's Range
 * requests cost no stamping. The original stays untouched: free books, the submitter and admins get it.
 *
 * A copy is made again when the book's PDF is replaced; the clean-up of files (removeUnusedFiles)
 * removes copies made from a PDF that is gone. A PDF that cannot be stamped (encrypted, damaged) is
 * served as it is, and the failure logged: the buyer always gets their book.
 */
import { Worker } from 'node:worker_threads';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PDF_MAX_BYTES } from '@ebook/shared';
import { files, orderItems, orders, stampedCopies, users } from '../../db/schema/index.js';
import type { FileStore } from '../../lib/file-store.js';
import type { BookRecord } from '../books/books-query.service.js';
import { recordFile, removeUnusedFiles } from './file-records.service.js';
import type { PdfCaller } from '../books/books-files.service.js';
import type { Stamp } from './stamp-pdf.js';

/** What a download sends instead of the book's own PDF. */
export interface StampedFile {
  sha256: string;
  sizeBytes: number;
}

export interface StampedCopies {
  /** The caller's stamped copy of the book (made now if needed), or null when they get the original. */
  forDownload(book: BookRecord, caller: PdfCaller | null): Promise<StampedFile | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    stampedCopies: StampedCopies;
  }
}

/** Stampings at once: each holds a book (up to PDF_MAX_BYTES) about three times in its worker. */
const CONCURRENT_STAMPINGS = 2;
const STAMPING_TIMEOUT_MS = 5 * 60_000;

export default fp(
  async (app: FastifyInstance) => {
    const inFlight = new Map<string, Promise<StampedFile | null>>();
    const running = new Set<Worker>();
    const waiting: (() => void)[] = [];
    let active = 0;

    async function withSlot<T>(work: () => Promise<T>): Promise<T> {
      if (active >= CONCURRENT_STAMPINGS) await new Promise<void>((resolve) => waiting.push(resolve));
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        waiting.shift()?.();
      }
    }

    function runWorker(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
      return new Promise((resolve, reject) => {
        const worker = new Worker(workerScript(), {
          eval: import.meta.url.endsWith('.ts'),
          workerData: { bytes, stamp: { ...stamp, soldAt: stamp.soldAt.toISOString() } },
          transferList: [bytes.buffer as ArrayBuffer],
          resourceLimits: { maxOldGenerationSizeMb: 2048 },
        });
        running.add(worker);
        const timer = setTimeout(() => void worker.terminate(), STAMPING_TIMEOUT_MS);
        let answered = false;
        worker.once('message', (stamped: Uint8Array) => {
          answered = true;
          resolve(stamped);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          clearTimeout(timer);
          running.delete(worker);
          if (!answered) reject(new Error(`The stamping worker stopped (exit code ${code}).`));
        });
      });
    }

    async function make(book: BookRecord, caller: PdfCaller, sale: Sale): Promise<StampedFile | null> {
      const [source] = await app.db.select().from(files).where(eq(files.id, book.pdfFileId!)).limit(1);
      if (!source) return null;
      let stamped: Uint8Array;
      try {
        stamped = await withSlot(async () =>
          runWorker(await readWhole(app.fileStore, source.sha256, source.sizeBytes), {
            name: sale.name,
            email: sale.email,
            orderId: sale.orderId,
            soldAt: sale.soldAt,
            storeName: app.config.STORE_NAME,
          }),
        );
      } catch (error) {
        app.log.warn({ err: error, bookId: book.id }, 'could not stamp a sold copy; the original is served');
        return null;
      }
      const staged = await app.fileStore.stage(
        Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength),
        PDF_MAX_BYTES * 2,
      );
      let replaced: string | undefined;
      try {
        await app.db.transaction(async (tx) => {
          const fileId = await recordFile(tx, { ...staged, mime: 'application/pdf' });
          const [previous] = await tx
            .select({ fileId: stampedCopies.fileId })
            .from(stampedCopies)
            .where(and(eq(stampedCopies.userId, caller.id), eq(stampedCopies.bookId, book.id)))
            .for('update');
          await tx
            .insert(stampedCopies)
            .values({ userId: caller.id, bookId: book.id, sourceFileId: source.id, fileId, orderId: sale.orderId })
            .onConflictDoUpdate({
              target: [stampedCopies.userId, stampedCopies.bookId],
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
      async forDownload(book, caller) {
        if (!caller || !book.pdfFileId || book.priceCents === 0) return null;
        if (caller.role === 'admin' || caller.id === book.userId) return null;
        const [kept] = await app.db
          .select({ sha256: files.sha256, sizeBytes: files.sizeBytes })
          .from(stampedCopies)
          .innerJoin(files, eq(files.id, stampedCopies.fileId))
          .where(
            and(
              eq(stampedCopies.userId, caller.id),
              eq(stampedCopies.bookId, book.id),
              eq(stampedCopies.sourceFileId, book.pdfFileId),
            ),
          )
          .limit(1);
        if (kept) return kept;
        const sale = await findSale(app, caller.id, book.id);
        if (!sale) return null;
        const key = `${caller.id}:${book.id}:${book.pdfFileId}`;
        let pending = inFlight.get(key);
        if (!pending) {
          pending = make(book, caller, sale).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        return pending;
      },
    } satisfies StampedCopies);

    app.addHook('onClose', async () => {
      await Promise.all([...running].map((worker) => worker.terminate()));
    });
  },
  { name: 'stamped-copies', dependencies: ['db', 'caches'] },
);

/**
 * The worker's script: beside the built server (dist/stamp.worker.js); from the TypeScript sources (tests,
 * development) a small script that loads it through tsx.
 */
function workerScript(): string | URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./stamp.worker.js', import.meta.url);
  const source = new URL('./stamp.worker.ts', import.meta.url).href;
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
}

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
