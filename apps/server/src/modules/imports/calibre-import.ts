/**
 * Importing a calibre library folder (metadata.db plus Author/Title (id)/ folders): metadata.db is
 * read in the document pool (calibre-db.ts), each book becomes a catalogue row (import-row.ts, the
 * same rules as a CSV row) and, on commit, its cover, PDF and EPUB go through the same checks as an
 * upload (typed by content, the cover re-encoded, PDF and EPUB inspected in the document pool).
 *
 * Each book is written whole or not at all: its files are staged and checked, their bytes moved into
 * the content-addressed store, then the files rows and the book written in one transaction. An import
 * stopped between two books (cancelled, or the process killed) leaves whole books only; bytes moved in
 * just before a kill are named again by the same book when the import is run again (same content, same
 * address), so a rerun leaves no orphan. Matching on a rerun: calibre's uuid (the import key), then
 * ISBN, then title and author (import.service.ts findExisting).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { convert } from 'html-to-text';
import { IMPORT_SKIP_REASONS, type BookMeta, type ImportSummary } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { AppError, badRequest, payloadTooLarge, unprocessable } from '../../lib/errors.js';
import { sameFormat } from '../../lib/images.js';
import {
  DocumentJobFailed,
  DocumentRefused,
  acceptFile,
  acceptImage,
  inspectEpubUpload,
  inspectUpload,
  recordFile,
  removeUnusedFiles,
  type AcceptedFile,
  type CalibreBook,
  type DocumentJobRunner,
} from '../files/index.js';
import { readRow, type ImportBook } from './import-row.js';
import {
  duplicateGuard,
  emptySummary,
  findExisting,
  mergeInto,
  type ExistingBook,
  type ImportOptions,
} from './import.service.js';

type CalibreDeps = Pick<FastifyInstance, 'db' | 'caches' | 'fileStore' | 'documentJobs'>;

export interface CalibreImportOptions extends ImportOptions {
  /** The library folder (the one holding metadata.db). */
  dir: string;
  /** The custom column holding the price (its label), else the default price. */
  priceColumn?: string;
  /** Told the number of books in the library once metadata.db is read. */
  onTotal?: (total: number) => void;
}

/** A metadata.db larger than this is refused (a library of 100,000 books is about 150 MB). */
export const CALIBRE_DB_MAX_BYTES = 512 * 1024 * 1024;
const BATCH_BOOKS = 25;
const LISTED = 1000;

/** The books of the library's metadata.db, read in the document pool. */
async function readLibrary(deps: CalibreDeps, dir: string, priceColumn?: string): Promise<CalibreBook[]> {
  const file = path.join(dir, 'metadata.db');
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : null),
    () => null,
  );
  if (size === null) {
    throw badRequest('The folder has no metadata.db: it is not a calibre library.', 'IMPORT_UNREADABLE');
  }
  if (size > CALIBRE_DB_MAX_BYTES) throw payloadTooLarge('metadata.db is larger than 512 MB.');
  const bytes = new Uint8Array(await readFile(file));
  try {
    return await deps.documentJobs.run({ kind: 'read-calibre', bytes, priceColumn });
  } catch (error) {
    if (error instanceof DocumentRefused) throw unprocessable(error.message, error.code);
    if (error instanceof DocumentJobFailed) {
      throw unprocessable('metadata.db needs too much memory or time to be read.', 'IMPORT_UNREADABLE');
    }
    throw error;
  }
}

/** Store categories by their lower-case name: the first of a book's tags that names one is its category. */
async function storeCategories(deps: CalibreDeps): Promise<Map<string, string>> {
  const rows = await deps.db.selectDistinct({ category: books.category }).from(books);
  return new Map(rows.map((row) => [row.category.toLowerCase(), row.category]));
}

/** calibre's comments are HTML: kept as plain text (no markup, no links' targets, no images). */
export function commentsToText(html: string | null): string {
  if (!html) return '';
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}

function seriesText(book: CalibreBook): string | null {
  if (!book.series) return null;
  const index = book.seriesIndex;
  return index === null ? book.series : `${book.series} #${Number.isInteger(index) ? index : index.toFixed(1)}`;
}

function toImportBook(book: CalibreBook, categories: Map<string, string>, defaultPriceCents: number) {
  const category = book.tags.map((tag) => categories.get(tag.toLowerCase())).find(Boolean);
  const outcome = readRow(
    book.id,
    {
      id: book.uuid ?? '',
      title: book.title,
      author: book.authors.join(' & '),
      category: category ?? '',
      price: book.price ?? '',
      isbn: book.isbn ?? '',
      tags: book.tags.join(', '),
      language: book.languages.join(', '),
      publish_year: book.pubdate?.slice(0, 4) ?? '',
      description: commentsToText(book.comments),
    },
    defaultPriceCents,
  );
  if ('book' in outcome) {
    const meta: BookMeta = outcome.book.meta;
    const series = seriesText(book);
    if (series) meta.series = series.slice(0, 200);
    if (book.publisher) meta.publisher = book.publisher.slice(0, 200);
  }
  return outcome;
}

interface BookFiles {
  cover: string | null;
  pdf: string | null;
  epub: string | null;
}

/** The book's cover, PDF and EPUB on disk; other formats and missing files listed in the summary. */
async function filesOf(dir: string, book: CalibreBook, skipFile: (file: string, reason: string) => void) {
  const folder = path.resolve(dir, book.path);
  // The path comes from the (untrusted) database: it must stay inside the library.
  if (!folder.startsWith(path.resolve(dir) + path.sep)) {
    skipFile(book.path, IMPORT_SKIP_REASONS.missingFile);
    return { cover: null, pdf: null, epub: null };
  }
  const exists = (file: string) =>
    stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
  const found: BookFiles = { cover: null, pdf: null, epub: null };
  const cover = path.join(folder, 'cover.jpg');
  if (await exists(cover)) found.cover = cover;
  for (const { format, name } of book.formats) {
    const kind = format === 'PDF' ? 'pdf' : format === 'EPUB' ? 'epub' : null;
    const file = path.join(folder, `${name}.${format.toLowerCase()}`);
    if (!kind) {
      skipFile(`${name}.${format.toLowerCase()}`, IMPORT_SKIP_REASONS.otherFormat);
    } else if (!file.startsWith(folder + path.sep) || !(await exists(file))) {
      skipFile(`${name}.${format.toLowerCase()}`, IMPORT_SKIP_REASONS.missingFile);
    } else if (!found[kind]) {
      found[kind] = file;
    }
  }
  return found;
}

interface Staged {
  cover?: Awaited<ReturnType<typeof acceptImage>>;
  pdf?: Awaited<ReturnType<typeof inspectUpload>>;
  epub?: AcceptedFile;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Stages and checks the book's files like an upload; a refused file is listed and left out. A PDF or
 * EPUB the book already holds (same bytes) is not checked again (a rerun goes quickly over what an
 * earlier run wrote).
 */
async function stageFiles(
  deps: CalibreDeps,
  jobs: DocumentJobRunner,
  found: BookFiles,
  current: ExistingBook | undefined,
  skipFile: (file: string, reason: string) => void,
) {
  const staged: Staged = {};
  if (found.pdf && current?.pdfSha && (await sha256Of(found.pdf)) === current.pdfSha) found.pdf = null;
  if (found.epub && current?.epubSha && (await sha256Of(found.epub)) === current.epubSha) found.epub = null;
  const attempt = async <T>(file: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) {
        skipFile(path.basename(file), error.message);
        return undefined;
      }
      throw error;
    }
  };
  try {
    if (found.cover) {
      const cover = found.cover;
      staged.cover = await attempt(cover, () =>
        acceptImage(deps.fileStore, createReadStream(cover), 'cover', sameFormat),
      );
    }
    if (found.pdf) {
      const pdf = found.pdf;
      staged.pdf = await attempt(pdf, async () => {
        const accepted = await acceptFile(deps.fileStore, createReadStream(pdf), 'pdf');
        return inspectUpload(jobs, accepted).catch(async (error: unknown) => {
          await accepted.discard();
          throw error;
        });
      });
    }
    if (found.epub) {
      const epub = found.epub;
      staged.epub = await attempt(epub, async () => {
        const accepted = await acceptFile(deps.fileStore, createReadStream(epub), 'epub');
        return inspectEpubUpload(jobs, accepted).catch(async (error: unknown) => {
          await accepted.discard();
          throw error;
        });
      });
    }
  } catch (error) {
    await discard(staged);
    throw error;
  }
  return staged;
}

async function discard(staged: Staged) {
  await Promise.all([staged.cover?.discard(), staged.pdf?.discard(), staged.epub?.discard()]);
}

/** Writes one book and its files (see the module's comment); answers what it did. */
async function writeBook(
  deps: CalibreDeps,
  book: ImportBook,
  current: ExistingBook | undefined,
  staged: Staged,
): Promise<'created' | 'updated' | 'unchanged'> {
  const { cover, pdf, epub } = staged;
  // Bytes first: a kill after this leaves content the rerun's same book names again (same address).
  await Promise.all([cover?.commit(), pdf?.commit(), epub?.commit()]);
  let replaced: string[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const coverFileId = cover
      ? await recordFile(tx, cover, { width: cover.width, height: cover.height })
      : (current?.coverFileId ?? null);
    const pdfFileId = pdf ? await recordFile(tx, pdf, { pages: pdf.pages }) : (current?.pdfFileId ?? null);
    const epubFileId = epub ? await recordFile(tx, epub) : (current?.epubFileId ?? null);
    const hasFiles = !!coverFileId && (!!pdfFileId || !!epubFileId);
    if (!current) {
      await tx.insert(books).values({
        title: book.title,
        author: book.author,
        category: book.category,
        priceCents: book.priceCents,
        description: book.description,
        story: book.story,
        meta: book.meta,
        importKey: book.key,
        coverFileId,
        pdfFileId,
        epubFileId,
        status: hasFiles ? 'added' : 'incomplete',
      });
      return 'created' as const;
    }
    const next = mergeInto(current, book);
    const sameFiles =
      coverFileId === current.coverFileId && pdfFileId === current.pdfFileId && epubFileId === current.epubFileId;
    if (!next && sameFiles) return 'unchanged' as const;
    replaced = [current.coverFileId, current.pdfFileId, current.epubFileId].filter(
      (id): id is string => !!id && id !== coverFileId && id !== pdfFileId && id !== epubFileId,
    );
    await tx
      .update(books)
      .set({
        ...(next ?? {}),
        coverFileId,
        pdfFileId,
        epubFileId,
        ...(current.status === 'incomplete' && hasFiles && { status: 'added' as const }),
        ...(pdfFileId !== current.pdfFileId && { sampleStatus: 'pending' as const }),
        version: sql`${books.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(books.id, current.id));
    return 'updated' as const;
  });
  if (replaced.length > 0) await removeUnusedFiles(deps.db, deps.fileStore, deps.caches, replaced);
  return outcome;
}

/** Imports (or, dry, previews) a calibre library folder and returns what it did. */
export async function importCalibreLibrary(deps: CalibreDeps, options: CalibreImportOptions): Promise<ImportSummary> {
  const library = await readLibrary(deps, options.dir, options.priceColumn);
  options.onTotal?.(library.length);
  const categories = await storeCategories(deps);
  const summary: ImportSummary = { ...emptySummary(options.dryRun), skippedFiles: [] };
  const seen = duplicateGuard();
  const skip = (row: number, title: string, reason: string) => {
    summary.skipped += 1;
    if (summary.skippedRows.length < LISTED) summary.skippedRows.push({ row, title, reason });
  };

  // The files of one import are checked on a worker kept between them (document-jobs.ts).
  const jobs = deps.documentJobs.session();
  try {
    for (let start = 0; start < library.length && !options.signal?.aborted; start += BATCH_BOOKS) {
      const batch: { calibre: CalibreBook; book: ImportBook }[] = [];
      for (const calibre of library.slice(start, start + BATCH_BOOKS)) {
        summary.rows += 1;
        const outcome = toImportBook(calibre, categories, options.defaultPriceCents);
        if ('skip' in outcome) {
          skip(calibre.id, outcome.title, outcome.skip);
          continue;
        }
        const earlier = seen(outcome.book);
        if (earlier) skip(calibre.id, outcome.book.title, earlier);
        else batch.push({ calibre, book: outcome.book });
      }
      const existing = await findExisting(
        deps.db,
        batch.map((entry) => entry.book),
      );
      const skipFileOf = (calibre: CalibreBook, book: ImportBook) => (file: string, reason: string) => {
        if (summary.skippedFiles!.length < LISTED) {
          summary.skippedFiles!.push({ row: calibre.id, title: book.title, file, reason });
        }
      };
      if (options.dryRun) {
        for (const [index, { calibre, book }] of batch.entries()) {
          if (options.signal?.aborted) break;
          const current = existing.get(index);
          const found = await filesOf(options.dir, calibre, skipFileOf(calibre, book));
          const next = current ? mergeInto(current, book) : null;
          // Files for kinds the book lacks (a changed file's content is known only once it is checked).
          const newFiles =
            (!!found.cover && !current?.coverFileId) ||
            (!!found.pdf && !current?.pdfFileId) ||
            (!!found.epub && !current?.epubFileId);
          if (!current) summary.created += 1;
          else if (next || newFiles) summary.updated += 1;
          else summary.unchanged += 1;
          const hasCover = !!found.cover || !!current?.coverFileId;
          const hasBook = !!found.pdf || !!found.epub || !!current?.pdfFileId || !!current?.epubFileId;
          if (!hasCover || !hasBook) summary.needsFile += 1;
          options.onProgress?.(structuredClone(summary));
        }
      } else {
        // Pipelined: the next book's files are checked (in the document pool) while this one is written.
        const stage = (index: number) => {
          const { calibre, book } = batch[index]!;
          const skipFile = skipFileOf(calibre, book);
          const staging = filesOf(options.dir, calibre, skipFile).then((found) =>
            stageFiles(deps, jobs, found, existing.get(index), skipFile),
          );
          // Awaited in its turn; until then a failure must not count as unhandled.
          staging.catch(() => undefined);
          return staging;
        };
        let next = batch.length > 0 ? stage(0) : undefined;
        try {
          for (const [index, { book }] of batch.entries()) {
            if (options.signal?.aborted) break;
            const current = existing.get(index);
            const staged = await next!;
            next = index + 1 < batch.length && !options.signal?.aborted ? stage(index + 1) : undefined;
            let outcome;
            try {
              outcome = await writeBook(deps, book, current, staged);
            } catch (error) {
              await discard(staged);
              throw error;
            }
            summary[outcome] += 1;
            const hasCover = !!staged.cover || !!current?.coverFileId;
            const hasBook = !!staged.pdf || !!staged.epub || !!current?.pdfFileId || !!current?.epubFileId;
            if (!hasCover || !hasBook) summary.needsFile += 1;
            options.onProgress?.(structuredClone(summary));
          }
        } finally {
          // Staged for a book not written (cancelled, or a failure): its files are dropped.
          if (next) await next.then(discard, () => undefined);
        }
      }
      if (!options.dryRun) deps.caches.clear();
      // Books of the batch not reached (cancelled) are not counted as handled.
      if (options.signal?.aborted) break;
      options.onProgress?.(structuredClone(summary));
    }
  } finally {
    await jobs.close();
  }
  return summary;
}
