/**
 * A book's files: cover thumbnails (re-encoded WebP, made on first request and kept on disk), who may
 * download the PDF, and short-lived signed download links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CoverSize } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { entitlements, files, type FileRow } from '../../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { BookRecord } from './books-query.service.js';

export const COVER_WIDTHS: Record<CoverSize, number> = { card: 300, detail: 600 };
/** Signed download links live this long. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export async function getFileRow(db: Db, fileId: string | null): Promise<FileRow> {
  if (!fileId) throw notFound('This book has no such file.', 'FILE_NOT_FOUND');
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw notFound('This book has no such file.', 'FILE_NOT_FOUND');
  return row;
}

function thumbsDir(filesDir: string): string {
  return path.join(filesDir, 'thumbs');
}

function thumbPath(filesDir: string, sha256: string, size: CoverSize): string {
  return path.join(thumbsDir(filesDir), sha256.slice(0, 2), `${sha256}-${size}.webp`);
}

const inFlight = new Map<string, Promise<{ path: string; size: number }>>();

/** The thumbnail's path and size, generating it once (concurrent first requests share the work). */
export async function ensureThumbnail(
  store: FileStore,
  filesDir: string,
  sha256: string,
  size: CoverSize,
): Promise<{ path: string; size: number }> {
  const target = thumbPath(filesDir, sha256, size);
  try {
    return { path: target, size: (await stat(target)).size };
  } catch {
    // not generated yet
  }
  const key = `${sha256}-${size}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = generateThumbnail(store, target, sha256, COVER_WIDTHS[size]).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function generateThumbnail(store: FileStore, target: string, sha256: string, width: number) {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    // Covers are at most 5 MB, so reading the original whole is fine (and surfaces read errors).
    const chunks: Buffer[] = [];
    for await (const chunk of store.read(sha256)) chunks.push(chunk as Buffer);
    const info = await sharp(Buffer.concat(chunks))
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(temp);
    await rename(temp, target);
    return { path: target, size: info.size };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function removeThumbnails(filesDir: string, sha256: string): Promise<void> {
  await Promise.all(
    (Object.keys(COVER_WIDTHS) as CoverSize[]).map((size) => rm(thumbPath(filesDir, sha256, size), { force: true })),
  );
}

export interface PdfCaller {
  id: string;
  role: 'admin' | 'member';
}

/**
 * Who may download a book's PDF: a free public book, anyone; a paid one, a buyer, its submitter or an
 * admin (a visitor gets 401, a signed-in reader without the right 403). A book that is not public
 * does not exist for anyone but its submitter and admins.
 */
export async function assertMayDownload(db: Db, book: BookRecord, caller: PdfCaller | null): Promise<void> {
  const isPublic = book.status === 'added' || book.status === 'approved';
  const privileged = caller && (caller.role === 'admin' || caller.id === book.userId);
  if (!isPublic) {
    if (!privileged) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
    return;
  }
  if (book.priceCents === 0 || privileged) return;
  if (!caller) throw unauthorized('Please log in to download this book.');
  const [owned] = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, caller.id), eq(entitlements.bookId, book.id)))
    .limit(1);
  if (!owned) throw forbidden('Buy this book to download it.', 'NOT_PURCHASED');
}

function signature(secret: string, bookId: string, expires: number): string {
  return createHmac('sha256', secret).update(`pdf:${bookId}:${expires}`).digest('base64url');
}

export function signDownload(secret: string, bookId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const sig = signature(secret, bookId, expires);
  return {
    url: `/api/books/${bookId}/pdf?exp=${expires}&sig=${sig}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function verifyDownload(secret: string, bookId: string, expires: number, sig: string): boolean {
  if (expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(secret, bookId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A safe ASCII file name for Content-Disposition, plus the exact title in RFC 5987 form. */
export function pdfDisposition(title: string): string {
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/:*?<>|%;]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'book';
  const full = encodeURIComponent(`${title.replace(/[\r\n/\\]/g, ' ').trim() || 'book'}.pdf`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${full}`;
}

/** Parses a single `bytes=` range; null = no usable range header, 'unsatisfiable' = 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges or another unit: send the whole file
  const [, first, last] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
