/**
 * The `files` rows: one per distinct content, recorded inside the writer's transaction and removed when
 * nothing (a book, its sample, a profile, a buyer's stamped copy) names them any more. Every module that keeps a
 * file asks here; nobody else writes or deletes file rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { books, files, stampedCopies, users, type FileRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { AcceptedFile } from './files.service.js';
import { removeThumbnails, type ThumbnailCaches } from './thumbnails.js';

/**
 * Serialises, per content, whatever adds or removes the stored bytes of a file: an upload's
 * transaction and the clean-up of an unused file take the same transaction-scoped advisory lock.
 * The clean-up deletes the row and the bytes while holding it; an upload of the same bytes waits,
 * then records a new row and moves its bytes into place after the clean-up is done (without the lock
 * the clean-up could delete the bytes just stored by the upload).
 */
export async function lockContent(tx: Executor, sha256s: string[]): Promise<void> {
  for (const sha256 of [...new Set(sha256s)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file:${sha256}`}, 0))`);
  }
}

/**
 * Inserts the files rows (once per content) inside the transaction, holding the content's lock until
 * it ends; bytes are moved after commit.
 */
export async function recordFile(
  tx: Executor,
  file: AcceptedFile,
  /** An image's size, or a PDF's page count. */
  facts?: { width?: number; height?: number; pages?: number },
): Promise<string> {
  await lockContent(tx, [file.sha256]);
  const [row] = await tx
    .insert(files)
    .values({ sha256: file.sha256, mime: file.mime, sizeBytes: file.sizeBytes, ...facts })
    .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: file.sha256 } })
    .returning({ id: files.id });
  return row!.id;
}

/**
 * Deletes files that no book and no profile uses any more, each in a transaction holding its
 * content's lock (see lockContent): the row, then the bytes and thumbnails, then commit. If removing
 * the bytes fails the row stays, so a row never names missing bytes.
 */
export async function removeUnusedFiles(
  db: Db,
  store: FileStore,
  caches: ThumbnailCaches,
  fileIds: string[],
): Promise<void> {
  const queue = [...new Set(fileIds)];
  for (let fileId = queue.shift(); fileId !== undefined; fileId = queue.shift()) {
    const current = fileId;
    await db.transaction(async (tx) => {
      const [file] = await tx.select({ sha256: files.sha256 }).from(files).where(eq(files.id, current)).limit(1);
      if (!file) return;
      await lockContent(tx, [file.sha256]);
      // Buyers' stamped copies of a PDF that goes are made again from the new one: they go too.
      const copies = await tx
        .select({ fileId: stampedCopies.fileId })
        .from(stampedCopies)
        .where(eq(stampedCopies.sourceFileId, current));
      const removed = await tx
        .delete(files)
        .where(
          and(
            eq(files.id, current),
            sql`not exists (select 1 from ${books} where ${books.coverFileId} = ${files.id} or ${books.pdfFileId} = ${files.id} or ${books.sampleFileId} = ${files.id} or ${books.epubFileId} = ${files.id} or ${books.epubSampleFileId} = ${files.id})`,
            sql`not exists (select 1 from ${users} where ${users.profileImageFileId} = ${files.id})`,
            sql`not exists (select 1 from ${stampedCopies} where ${stampedCopies.fileId} = ${files.id})`,
          ),
        )
        .returning({ sha256: files.sha256 });
      if (removed.length === 0) return;
      queue.push(...copies.map((copy) => copy.fileId));
      // The bytes are stored by content alone: another row (another type) may still name them.
      const [other] = await tx.select({ id: files.id }).from(files).where(eq(files.sha256, file.sha256)).limit(1);
      if (other) return;
      await store.remove(file.sha256);
      await removeThumbnails(store, caches, file.sha256);
    });
  }
}

/** A file's row, or 404 when the book has no such file. */
export async function getFileRow(db: Db, fileId: string | null): Promise<FileRow> {
  if (!fileId) throw notFound('This book has no such file.', 'FILE_NOT_FOUND');
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw notFound('This book has no such file.', 'FILE_NOT_FOUND');
  return row;
}

/**
 * The row of stored content by its hash and type; a stand-in dated now if a clean-up removed it
 * meanwhile (the store's own check then answers FILE_MISSING).
 */
export async function findFileRow(
  db: Db,
  sha256: string,
  mime: string,
): Promise<Pick<FileRow, 'sha256' | 'createdAt'>> {
  const [row] = await db
    .select({ sha256: files.sha256, createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.sha256, sha256), eq(files.mime, mime)))
    .limit(1);
  return row ?? { sha256, createdAt: new Date() };
}
