/**
 * Samples ("Read A Little"): the first pages of a book's PDF cut with pdf-lib into a PDF of their own,
 * recorded as a file like any other and named by the book (books.sample_file_id). Only the cut pages
 * and what they draw are copied, never the rest of the book, its outline or its attachments.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { PDF_MAX_BYTES, samplePageCount } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import type { FileStore } from '../../lib/file-store.js';
import type { Caches } from '../../plugins/caches.js';
import { getFileRow, recordFile } from '../files/file-records.service.js';
import { invalidateCatalogueCaches } from '../books/books-query.service.js';

export interface CutSample {
  bytes: Uint8Array;
  pages: number;
  total: number;
}

/** The first pages of a PDF as a new PDF; null when it cannot be read (broken, encrypted) or is too short. */
export async function cutSample(pdf: Uint8Array, chosen: number | null, title?: string): Promise<CutSample | null> {
  try {
    const source = await PDFDocument.load(pdf, { updateMetadata: false });
    const total = source.getPageCount();
    const pages = samplePageCount(total, chosen);
    if (pages < 1) return null;
    const sample = await PDFDocument.create();
    const copied = await sample.copyPages(
      source,
      Array.from({ length: pages }, (_, index) => index),
    );
    for (const page of copied) sample.addPage(page);
    if (title) sample.setTitle(`${title} (sample)`);
    sample.setCreator('E-book store sample');
    return { bytes: await sample.save(), pages, total };
  } catch {
    return null;
  }
}

async function readWhole(store: FileStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Cuts and stores a book's sample when it is pending. The result is attached only if the book still
 * has the PDF and the page count it was cut from (an edit meanwhile makes it pending again, and the
 * next request cuts the new one). The book's version and updatedAt stay: this is not an edit.
 */
export async function makeSample(db: Db, store: FileStore, caches: Caches, bookId: string): Promise<void> {
  const [book] = await db
    .select({
      title: books.title,
      pdfFileId: books.pdfFileId,
      samplePages: books.samplePages,
      sampleStatus: books.sampleStatus,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  if (!book?.pdfFileId || book.sampleStatus !== 'pending') return;
  const source = book.pdfFileId;
  const unchanged = and(
    eq(books.id, bookId),
    eq(books.pdfFileId, source),
    eq(books.sampleStatus, 'pending'),
    book.samplePages === null ? isNull(books.samplePages) : eq(books.samplePages, book.samplePages),
  );
  const pdf = await getFileRow(db, source);
  const cut = await cutSample(await readWhole(store, pdf.sha256), book.samplePages, book.title);
  if (!cut) {
    await db
      .update(books)
      .set({ sampleStatus: 'failed', updatedAt: sql`${books.updatedAt}` })
      .where(unchanged);
    invalidateCatalogueCaches(caches);
    return;
  }
  const staged = await store.stage(Buffer.from(cut.bytes), PDF_MAX_BYTES);
  try {
    await db.transaction(async (tx) => {
      const fileId = await recordFile(tx, { ...staged, mime: 'application/pdf' });
      const rows = await tx
        .update(books)
        .set({ sampleFileId: fileId, sampleStatus: 'ready', updatedAt: sql`${books.updatedAt}` })
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
  invalidateCatalogueCaches(caches);
}

class BookChangedMeanwhile extends Error {}

/** Cuts samples one at a time per server (a 100 MB PDF is parsed in memory); a book's requests share one cut. */
export class SampleMaker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly caches: Caches,
  ) {}

  /** Resolves once the book's sample is ready or known to be impossible. */
  ensure(bookId: string): Promise<void> {
    let pending = this.inFlight.get(bookId);
    if (!pending) {
      pending = this.queue
        .then(() => makeSample(this.db, this.store, this.caches, bookId))
        .finally(() => this.inFlight.delete(bookId));
      this.queue = pending.catch(() => undefined);
      this.inFlight.set(bookId, pending);
    }
    return pending;
  }

  /** Waits for the cuts under way (before the database closes). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }
}
