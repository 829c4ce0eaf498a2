/**
 * Unpacking an uploaded zip of a calibre library into a folder of its own, with the safe zip rules of
 * EPUB ingest (modules/files/epub-archive.ts): a bounded number of entries and of unpacked bytes
 * (sizes as declared, then as actually inflated), no entry that inflates more than the ratio allows,
 * no name that climbs out, is absolute or repeats, no encrypted entry. Entries stream to disk one at a
 * time (a library is far larger than an EPUB: nothing is held in memory).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { EPUB_LIMITS } from '../files/index.js';
import { AppError, payloadTooLarge, unprocessable } from '../../lib/errors.js';

export interface UnpackLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

export function libraryZipLimits(maxTotalBytes: number): UnpackLimits {
  return { ...EPUB_LIMITS, maxEntries: 500_000, maxTotalBytes };
}

const unreadable = () => unprocessable('The file is not a readable zip.', 'IMPORT_UNREADABLE');

/**
 * Unpacks `zipFile` into `dir` and answers the library folder inside (the folder holding the
 * shallowest metadata.db), or refuses the zip.
 */
export async function unpackLibrary(
  zipFile: string,
  dir: string,
  limits: UnpackLimits,
  signal?: AbortSignal,
): Promise<string> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipFile, { decodeStrings: false, validateEntrySizes: true, lazyEntries: true });
  } catch {
    throw unreadable();
  }
  const names = new Set<string>();
  let total = 0;
  let library: string | null = null;
  try {
    if (zip.entryCount > limits.maxEntries) throw payloadTooLarge('The zip holds too many files.');
    for await (const entry of zip.eachEntry()) {
      if (signal?.aborted) break;
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileName as unknown as Buffer,
        entry.extraFields,
        false,
      );
      if (yauzl.validateFileName(name) !== null || name.includes('\0')) {
        throw unprocessable('The zip contains a file whose name points outside the library.', 'IMPORT_UNREADABLE');
      }
      if (entry.isEncrypted()) throw unprocessable('The zip is encrypted.', 'IMPORT_UNREADABLE');
      if (name.endsWith('/')) continue;
      if (names.has(name)) throw unprocessable('The zip contains the same file twice.', 'IMPORT_UNREADABLE');
      names.add(name);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) {
        throw payloadTooLarge(
          `The library is larger than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB unpacked.`,
        );
      }
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxRatio
      ) {
        throw payloadTooLarge('The zip contains a file that expands too much.');
      }
      const target = path.join(dir, name);
      if (!target.startsWith(dir + path.sep)) {
        throw unprocessable('The zip contains a file whose name points outside the library.', 'IMPORT_UNREADABLE');
      }
      await mkdir(path.dirname(target), { recursive: true });
      // yauzl ends the stream with an error when it inflates past the declared size.
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target, { mode: 0o640 }));
      if (path.basename(name) === 'metadata.db') {
        const folder = path.dirname(target);
        if (!library || folder.length < library.length) library = folder;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  } finally {
    zip.close();
  }
  if (!library) throw unprocessable('The zip holds no metadata.db: it is not a calibre library.', 'IMPORT_UNREADABLE');
  return library;
}
