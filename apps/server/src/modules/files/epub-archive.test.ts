/**
 * The zip limits of an EPUB, with small limits (the API tests in books/epub-uploads.test.ts refuse
 * hostile uploads with the real ones): entry count, total size once inflated, compression ratio, and
 * sizes that lie.
 */
import { describe, expect, it } from 'vitest';
import { EPUB_LIMITS, readEpubArchive } from './epub-archive.js';
import { rawZip } from '../../test/epubs.js';

const limits = { ...EPUB_LIMITS, maxEntries: 5, maxTotalBytes: 100_000, ratioFloorBytes: 10_000, maxRatio: 50 };

async function codeOf(zip: Buffer): Promise<string | undefined> {
  try {
    await readEpubArchive(zip, limits);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('reading an EPUB archive within limits', () => {
  it('reads the entries of a zip within the limits, in order', async () => {
    const entries = await readEpubArchive(
      await rawZip([
        ['mimetype', 'application/epub+zip', { compress: false }],
        ['a/b.txt', 'hello'],
      ]),
      limits,
    );
    expect([...entries.keys()]).toEqual(['mimetype', 'a/b.txt']);
    expect(entries.get('a/b.txt')?.toString()).toBe('hello');
  });

  it('refuses too many entries, too many bytes and a high ratio with EPUB_TOO_LARGE', async () => {
    const many = Array.from({ length: 6 }, (_, i) => [`f${i}`, 'x'] as [string, string]);
    expect(await codeOf(await rawZip(many))).toBe('EPUB_TOO_LARGE');
    const big = Array.from(
      { length: 3 },
      (_, i) => [`f${i}`, Buffer.from(crypto.getRandomValues(new Uint8Array(40_000)))] as [string, Buffer],
    );
    expect(await codeOf(await rawZip(big))).toBe('EPUB_TOO_LARGE');
    expect(await codeOf(await rawZip([['zeros', Buffer.alloc(60_000)]]))).toBe('EPUB_TOO_LARGE');
    // Below the ratio floor a compressible entry is fine.
    expect(await codeOf(await rawZip([['zeros', Buffer.alloc(9_000)]]))).toBeUndefined();
  });

  it('refuses an entry that inflates past its declared size', async () => {
    const zip = await rawZip([['zeros', Buffer.alloc(9_000)]]);
    // Declare 100 bytes in both headers: the inflated stream is cut off and refused.
    const patched = Buffer.from(zip);
    for (let at = 0; at < patched.length - 4; at += 1) {
      if (patched.readUInt32LE(at) === 0x04034b50) patched.writeUInt32LE(100, at + 22);
      if (patched.readUInt32LE(at) === 0x02014b50) patched.writeUInt32LE(100, at + 24);
    }
    expect(await codeOf(patched)).toBe('EPUB_UNREADABLE');
  });
});
