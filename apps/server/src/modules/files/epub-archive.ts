/**
 * An EPUB's zip container, read and written in the document pool (never on the request thread). An
 * uploaded EPUB is untrusted, so reading it is boxed in before anything is inflated:
 *
 * - at most EPUB_LIMITS.maxEntries entries, and at most maxTotalBytes once inflated (sizes as declared,
 *   then as actually inflated: yauzl stops an entry that inflates past its declared size);
 * - an entry whose compression ratio is above maxRatio (past a small floor) is a zip bomb;
 * - names that climb out (`../`), absolute names, drive letters and duplicates are refused;
 * - encrypted entries, and DRM (META-INF/encryption.xml with encrypted data, META-INF/rights.xml).
 *
 * Each refusal is an EpubRefusal with its code, answered 422.
 */
import yauzl from 'yauzl';
import { DocumentRefusal } from '../../lib/document-refusal.js';

export const EPUB_LIMITS = {
  maxEntries: 10_000,
  /** Every entry inflated. */
  maxTotalBytes: 300 * 1024 * 1024,
  /** Inflated / compressed size of one entry, for entries larger than ratioFloorBytes. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export type EpubLimits = typeof EPUB_LIMITS;

/** A rule the EPUB breaks, answered as 422 with its code. */
export class EpubRefusal extends DocumentRefusal {}

import { EPUB_MIMETYPE } from '../../lib/epub-writer.js';

export { EPUB_MIMETYPE };

/** The entries of an EPUB in their order in the archive, by name. */
export type EpubEntries = Map<string, Buffer>;

const tooLarge = () =>
  new EpubRefusal(
    'EPUB_TOO_LARGE',
    'The EPUB is too large once unpacked (too many files, or files that expand too much).',
  );
const unreadable = () => new EpubRefusal('EPUB_UNREADABLE', 'The EPUB cannot be read; it is not a valid zip file.');

/** Every entry of the archive, inflated within the limits (see the module's comment). */
export async function readEpubArchive(bytes: Uint8Array, limits: EpubLimits = EPUB_LIMITS): Promise<EpubEntries> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Before yauzl, which reports an encrypted entry as a size mismatch rather than as encrypted.
  if (centralFlags(buffer).some((flags) => flags & 1)) throw encrypted();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { decodeStrings: false, validateEntrySizes: true, lazyEntries: true });
  } catch {
    throw unreadable();
  }
  if (zip.entryCount > limits.maxEntries) throw tooLarge();
  const entries: EpubEntries = new Map();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileName as unknown as Buffer,
        entry.extraFields,
        false,
      );
      if (yauzl.validateFileName(name) !== null || name.includes('\0')) {
        throw new EpubRefusal('EPUB_UNSAFE_PATH', 'The EPUB contains a file whose name points outside the book.');
      }
      if (entry.isEncrypted()) throw encrypted();
      if (name.endsWith('/')) continue;
      if (entries.has(name)) throw new EpubRefusal('EPUB_INVALID', 'The EPUB contains the same file twice.');
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw tooLarge();
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxRatio
      ) {
        throw tooLarge();
      }
      entries.set(name, await inflate(zip, entry));
    }
  } catch (error) {
    if (error instanceof EpubRefusal) throw error;
    throw unreadable();
  }
  return entries;
}

const encrypted = () =>
  new EpubRefusal('EPUB_ENCRYPTED', 'The EPUB is encrypted or protected by DRM; upload it without protection.');

/**
 * The general-purpose flags of each entry of the central directory (found through the end of central
 * directory record); empty when the record cannot be found (yauzl then refuses the file).
 */
function centralFlags(buffer: Buffer): number[] {
  if (buffer.length < 22) return [];
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let at = buffer.length - 22; at >= earliest; at -= 1) {
    if (buffer.readUInt32LE(at) !== 0x06054b50) continue;
    const count = buffer.readUInt16LE(at + 10);
    let position = buffer.readUInt32LE(at + 16);
    const flags: number[] = [];
    for (let index = 0; index < count && position + 46 <= buffer.length; index += 1) {
      if (buffer.readUInt32LE(position) !== 0x02014b50) break;
      flags.push(buffer.readUInt16LE(position + 8));
      position +=
        46 +
        buffer.readUInt16LE(position + 28) +
        buffer.readUInt16LE(position + 30) +
        buffer.readUInt16LE(position + 32);
    }
    return flags;
  }
  return [];
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  // yauzl ends the stream with an error when it inflates past the declared size (validateEntrySizes).
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Refuses DRM: encrypted resources (encryption.xml naming encrypted data) or a rights file. */
export function assertNotProtected(entries: EpubEntries): void {
  if (entries.has('META-INF/rights.xml')) throw encrypted();
  const encryption = entries.get('META-INF/encryption.xml');
  if (encryption && /EncryptedData\b/.test(encryption.toString('utf8'))) throw encrypted();
}
