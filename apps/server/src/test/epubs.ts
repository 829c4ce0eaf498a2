/**
 * Test EPUBs made in the test: valid ones (the store's own EPUB 3 writer) and hostile ones (raw zips
 * with a missing mimetype, names that climb out, the encryption flag, bombs, DRM files).
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { buildEpub, type DemoBook } from '../modules/files/build-epub.js';

export const EPUB_MIME = 'application/epub+zip';

/** A valid EPUB 3 of `chapters` chapters, each a few paragraphs naming its chapter. */
export async function makeEpub(overrides: Partial<DemoBook> & { chapterCount?: number } = {}): Promise<Buffer> {
  const count = overrides.chapterCount ?? 3;
  const chapters = Array.from({ length: count }, (_, index) => ({
    title: `Chapter ${index + 1}`,
    paragraphs: Array.from(
      { length: 4 },
      (_, paragraph) =>
        `Text of chapter ${index + 1}, paragraph ${paragraph + 1}: the harbour lights came on one by one.`,
    ),
  }));
  return Buffer.from(
    await buildEpub({
      title: 'The Lantern Keeper',
      authors: ['Mira Holt'],
      language: 'en',
      identifier: 'urn:isbn:9780306406157',
      description: 'A <b>quiet</b> story of a lighthouse.',
      publisher: 'Harbour Press',
      date: '2021-04-01',
      subjects: ['Fiction', 'Sea stories'],
      chapters,
      ...overrides,
    }),
  );
}

/** A zip of exactly these entries (no mimetype added), deflated unless told. */
export async function rawZip(entries: [string, Buffer | string, { compress?: boolean }?][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content, options] of entries) {
    zip.addBuffer(Buffer.from(content), name, { compress: options?.compress ?? true, mtime: new Date(2000, 0, 1) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Replaces every occurrence of an entry name with another of the same length (e.g. to `../`). */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must be the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) Buffer.from(to).copy(out, at);
  return out;
}

/** Sets the "encrypted" flag of every entry (local and central headers). */
export function flagEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at < out.length - 10; at += 1) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(at + 8) | 1, at + 8);
  }
  return out;
}
