/**
 * Samples ("Read A Little"): the first pages of a book's PDF rebuilt into a PDF of their own in the
 * document pool (cut-sample.ts: only those pages and what they draw, verified), and the first chapters
 * of its EPUB into an EPUB of their own (cut-epub-sample.ts, verified too), each recorded as a file like
 * any other and named by the book (books.sample_file_id, books.epub_sample_file_id).
 *
 * A cut that the PDF refuses, or whose worker runs out of memory or time, marks the sample failed in
 * the database (it is not tried again, after a restart either) and tells the admins. A cut that cannot
 * start because the pool is full leaves the sample pending (503 DOCUMENTS_BUSY; tried on a later request).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { EPUB_MAX_BYTES, PDF_MAX_BYTES, type BookFormat } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import type { FileStore } from '../../lib/file-store.js';
import type { Caches } from '../books/catalogue-caches.js';
import { getFileRow, recordFile } from '../files/file-records.service.js';
import { DocumentJobFailed, DocumentRefused, type DocumentJobs } from '../files/document-jobs.js';
import { notifyAdmins } from '../notifications/notifications.service.js';

/** What a sample cut needs of the server. */
export interface SampleDeps {
  db: Db;
  store: FileStore;
  caches: Caches;
  jobs: DocumentJobs;
}

async function readWhole(store: FileStore, sha256: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(sha256)) chunks.push(chunk as Buffer);
  // A buffer of its own (not Node's shared pool), so it can be moved to the worker.
  const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}

/** The columns of each format's sample. */
const SAMPLE_COLUMNS = {
  pdf: {
    source: books.pdfFileId,
    file: books.sampleFileId,
    status: books.sampleStatus,
    fileKey: 'sampleFileId',
    statusKey: 'sampleStatus',
  },
  epub: {
    source: books.epubFileId,
    file: books.epubSampleFileId,
    status: books.epubSampleStatus,
    fileKey: 'epubSampleFileId',
    statusKey: 'epubSampleStatus',
  },
} as const;

/**
 * Cuts and stores a book's sample of `format` when it is pending. The result is attached only if the
 * book still has the file (and, for a PDF, the page count) it was cut from (an edit meanwhile makes it
 * pending again, and the next request cuts the new one). The book's version and updatedAt stay: this is
 * not an edit.
 */
export async function makeSample(
  { db, store, caches, jobs }: SampleDeps,
  bookId: string,
  format: BookFormat = 'pdf',
): Promise<void> {
  const columns = SAMPLE_COLUMNS[format];
  const [book] = await db
    .select({
      title: books.title,
      author: books.author,
      sourceId: columns.source,
      samplePages: books.samplePages,
      sampleStatus: columns.status,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  if (!book?.sourceId || book.sampleStatus !== 'pending') return;
  const source = book.sourceId;
  const unchanged = and(
    eq(books.id, bookId),
    eq(columns.source, source),
    eq(columns.status, 'pending'),
    format === 'epub'
      ? undefined
      : book.samplePages === null
        ? isNull(books.samplePages)
        : eq(books.samplePages, book.samplePages),
  );
  const original = await getFileRow(db, source);
  let cut;
  try {
    const bytes = await readWhole(store, original.sha256);
    cut =
      format === 'epub'
        ? await jobs.run({ kind: 'epub-sample', bytes, title: book.title, author: book.author })
        : await jobs.run({ kind: 'sample', bytes, chosen: book.samplePages, title: book.title, author: book.author });
  } catch (error) {
    if (!(error instanceof DocumentRefused || error instanceof DocumentJobFailed)) throw error;
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(books)
        .set({ [columns.statusKey]: 'failed', updatedAt: sql`${books.updatedAt}` })
        .where(unchanged)
        .returning({ id: books.id });
      // A book too short for a sample is no fault; a file that defeats the cut is the admins' to see.
      if (rows.length > 0 && error instanceof DocumentJobFailed) {
        const name = format.toUpperCase();
        await notifyAdmins(tx, {
          kind: 'document-failed',
          title: 'A sample could not be made',
          body: `The ${name} sample of "${book.title}" failed (${error.reason}): ${error.message} It is not tried again until the ${name}${format === 'pdf' ? ' or the sample length' : ''} changes.`,
          link: '/admin-dashboard',
        });
      }
    });
    caches.clear();
    return;
  }
  const staged = await store.stage(Buffer.from(cut.bytes), format === 'epub' ? EPUB_MAX_BYTES : PDF_MAX_BYTES);
  try {
    await db.transaction(async (tx) => {
      const fileId = await recordFile(tx, {
        ...staged,
        mime: format === 'epub' ? 'application/epub+zip' : 'application/pdf',
      });
      const rows = await tx
        .update(books)
        .set({ [columns.fileKey]: fileId, [columns.statusKey]: 'ready', updatedAt: sql`${books.updatedAt}` })
        .where(unchanged)
        .returning({ id: books.id });
      // Changed meanwhile: roll the file row back; the next request cuts the new sample.
      if (rows.length === 0) throw new BookChangedMeanwhile();
    });
    await staged.commit();
  } catch (error) {
    await staged.discard();
    if (!(error instanceof BookChangedMeanwhile)) throw error;
    return;
  }
  caches.clear();
}

class BookChangedMeanwhile extends Error {}

/** Cuts samples in the document pool, one at a time per server; a book's requests share one cut. */
export class SampleMaker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SampleDeps) {}

  /** Resolves once the book's sample of `format` is ready or known to be impossible. */
  ensure(bookId: string, format: BookFormat = 'pdf'): Promise<void> {
    const key = `${format}:${bookId}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.queue.then(() => makeSample(this.deps, bookId, format)).finally(() => this.inFlight.delete(key));
      this.queue = pending.catch(() => undefined);
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Waits for the cuts under way (before the database closes). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }
}
