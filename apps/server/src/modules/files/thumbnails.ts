/**
 * Cover thumbnails: re-encoded WebP, made on first request from the original and kept in the file store
 * beside it, with the recently served ones in memory.
 */
import type { CoverSize } from '@ebook/shared';
import type { FileStore } from '../../lib/file-store.js';
import { untrustedImage } from '../../lib/images.js';

export const COVER_WIDTHS: Record<CoverSize, number> = { card: 300, detail: 600 };

/** Where a thumbnail is kept in the file store, beside the originals. */
function thumbName(sha256: string, size: CoverSize): string {
  return `thumbs/${sha256.slice(0, 2)}/${sha256}-${size}.webp`;
}

/**
 * Thumbnails recently served, kept in memory (they are small: a few tens of KB) up to a byte budget;
 * behind it the copy on disk, and behind that generation from the original.
 */
const THUMB_MEMORY_BYTES = 32 * 1024 * 1024;
const memory = new Map<string, Buffer>();
let memoryBytes = 0;
const inFlight = new Map<string, Promise<Buffer>>();

function remember(key: string, bytes: Buffer): void {
  memory.set(key, bytes);
  memoryBytes += bytes.length;
  for (const [oldKey, oldBytes] of memory) {
    if (memoryBytes <= THUMB_MEMORY_BYTES) break;
    memory.delete(oldKey);
    memoryBytes -= oldBytes.length;
  }
}

function forget(key: string): void {
  const bytes = memory.get(key);
  if (bytes) memoryBytes -= bytes.length;
  memory.delete(key);
}

/** The WebP thumbnail of a cover, generated once (concurrent first requests share the work). */
export async function getThumbnail(store: FileStore, sha256: string, size: CoverSize): Promise<Buffer> {
  const key = `${sha256}-${size}`;
  const cached = memory.get(key);
  if (cached) return cached;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = loadThumbnail(store, sha256, size)
      .then((bytes) => {
        remember(key, bytes);
        return bytes;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function loadThumbnail(store: FileStore, sha256: string, size: CoverSize): Promise<Buffer> {
  const kept = await store.getDerived(thumbName(sha256, size));
  if (kept) return kept;
  // Covers are at most 5 MB, so reading the original whole is fine (and surfaces read errors).
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(sha256)) chunks.push(chunk as Buffer);
  // Decoded within the pixel limit (covers stored before the limit existed included).
  const bytes = await untrustedImage(Buffer.concat(chunks))
    .rotate()
    .resize({ width: COVER_WIDTHS[size], withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await store.putDerived(thumbName(sha256, size), bytes);
  return bytes;
}

export async function removeThumbnails(store: FileStore, sha256: string): Promise<void> {
  await Promise.all(
    (Object.keys(COVER_WIDTHS) as CoverSize[]).map((size) => {
      forget(`${sha256}-${size}`);
      return store.removeDerived(thumbName(sha256, size));
    }),
  );
}
