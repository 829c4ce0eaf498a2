/**
 * Accepting files: stream to the store, decide the type by content (magic bytes), enforce the size
 * limit, and record one `files` row per distinct content.
 */
import { type Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { COVER_MAX_BYTES, EPUB_MAX_BYTES, PDF_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@ebook/shared';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { FileTooLargeError, type FileStore } from '../../lib/file-store.js';
import { reencodeImage } from '../../lib/images.js';

export type FileKind = 'cover' | 'pdf' | 'epub' | 'avatar';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const FILE_RULES: Record<FileKind, { mimes: string[]; maxBytes: number; label: string }> = {
  cover: { mimes: IMAGE_TYPES, maxBytes: COVER_MAX_BYTES, label: 'The cover must be a JPEG, PNG or WebP image' },
  avatar: {
    mimes: IMAGE_TYPES,
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    label: 'The profile picture must be a JPEG, PNG or WebP image',
  },
  pdf: { mimes: ['application/pdf'], maxBytes: PDF_MAX_BYTES, label: 'The book must be a PDF file' },
  // Any zip: an EPUB without its mimetype entry first is refused by inspection, with its own code.
  epub: {
    mimes: ['application/epub+zip', 'application/zip'],
    maxBytes: EPUB_MAX_BYTES,
    label: 'The EPUB must be an EPUB file',
  },
};

/** A file checked and staged on disk but not yet committed (so a failed transaction leaves nothing). */
export interface AcceptedFile {
  sha256: string;
  mime: string;
  sizeBytes: number;
  tempPath: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export async function acceptFile(store: FileStore, source: Readable | Buffer, kind: FileKind): Promise<AcceptedFile> {
  const rule = FILE_RULES[kind];
  let staged;
  try {
    staged = await store.stage(source, rule.maxBytes);
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw payloadTooLarge(`${rule.label} of at most ${Math.round(rule.maxBytes / 1024 / 1024)} MB.`);
    }
    throw error;
  }
  const detected = await fileTypeFromFile(staged.tempPath);
  if (!detected || !rule.mimes.includes(detected.mime)) {
    await staged.discard();
    throw unsupportedMediaType(`${rule.label}.`);
  }
  return { ...staged, mime: detected.mime };
}

export interface AcceptedImage extends AcceptedFile {
  width: number;
  height: number;
}

/**
 * Accepts an image: typed by content, measured from its header (413 past the pixel limit), decoded
 * once and re-encoded by `build` with no metadata; only the re-encoded bytes are staged. A corrupt
 * image is 415. Nothing is left behind on any failure.
 */
export async function acceptImage(
  store: FileStore,
  source: Readable | Buffer,
  kind: 'cover' | 'avatar',
  build: (mime: string) => Parameters<typeof reencodeImage>[2],
): Promise<AcceptedImage> {
  const original = await acceptFile(store, source, kind);
  let encoded;
  try {
    encoded = await reencodeImage(original.tempPath, FILE_RULES[kind].label, build(original.mime));
  } finally {
    await original.discard();
  }
  // Re-encoding may make a file a little larger than the original: allow it room.
  const staged = await store.stage(encoded.bytes, FILE_RULES[kind].maxBytes * 2);
  const detected = await fileTypeFromFile(staged.tempPath);
  if (!detected || !FILE_RULES[kind].mimes.includes(detected.mime)) {
    await staged.discard();
    throw unsupportedMediaType(`${FILE_RULES[kind].label}.`);
  }
  return { ...staged, mime: detected.mime, width: encoded.width, height: encoded.height };
}

/** Decodes the specification's file fields: a data URL, or raw base64 (taken as JPEG for images). */
export function decodeBase64File(value: string, field: string): Buffer {
  const match = /^data:[\w.+/-]+;base64,(.*)$/s.exec(value);
  const body = (match?.[1] ?? value).replace(/\s/g, '');
  if (body.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) {
    throw badRequest(`${field} must be a file upload, a data URL or base64 text.`, 'INVALID_FILE');
  }
  return Buffer.from(body, 'base64');
}

export function fileUrl(fileId: string | null): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}
