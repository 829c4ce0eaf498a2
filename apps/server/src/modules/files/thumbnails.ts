/**
 * Cover thumbnails: re-encoded WebP, made on first request from the original and kept in the file store
 * beside it, with the recently served ones in the app's memory.
 */
import type { CoverSize } from '@ebook/shared';
import type { FileStore } from '../../lib/file-store.js';
import { untrustedImage } from '../../lib/images.js';
import type { LoadingCache } from '../../lib/loading-cache.js';

/** The app's memory of recently served thumbnails (app.caches has it). */
export interface ThumbnailCaches {
  thumbnails: LoadingCache<Buffer>;
}

export const COVER_WIDTHS: Record<CoverSize, number> = { card: 300, detail: 600 };

/** Where a thumbnail is kept in the file store, beside the originals. */
function thumbName(sha256: string, size: CoverSize): string {
  return `thumbs/${sha256.slice(0, 2)}/${sha256}-${size}.webp`;
}

/**
 * The WebP thumbnail of a cover, generated once (concurrent first requests share the work). The
 * recently served ones are kept in the app's memory (`caches.thumbnails`, up to a byte budget);
 * behind it the copy in the file store, and behind that generation from the original.
 */
export function getThumbnail(
  store: FileStore,
  caches: ThumbnailCaches,
  sha256: string,
  size: CoverSize,
): Promise<Buffer> {
  return caches.thumbnails.getOrLoad(`${sha256}-${size}`, () => loadThumbnail(store, sha256, size));
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

export async function removeThumbnails(store: FileStore, caches: ThumbnailCaches, sha256: string): Promise<void> {
  await Promise.all(
    (Object.keys(COVER_WIDTHS) as CoverSize[]).map((size) => {
      caches.thumbnails.delete(`${sha256}-${size}`);
      return store.removeDerived(thumbName(sha256, size));
    }),
  );
}
