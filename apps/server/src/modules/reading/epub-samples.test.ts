/**
 * What the store makes of an EPUB: the sample of a paid book (its first chapters, about 10%, nothing
 * of the later ones) and a buyer's stamped copy (name and order on a colophon page and in the package
 * metadata, deterministic, kept as a file). Each passes epubcheck with 0 errors, and calibre's
 * ebook-meta reads the title, author and language; both for the store's own EPUB 3 and for an EPUB 2
 * written by calibre.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Book, formatOrderNumber } from '@ebook/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders, stampedCopies } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createMember, type Actor } from '../../test/factories.js';
import { dataUrl, makePng, postBook } from '../../test/books.js';
import { EPUB_MIME, makeEpub } from '../../test/epubs.js';
import { ebookMeta, epubcheckErrors } from '../../test/epubcheck.js';
import { waitFor } from '../../test/wait-for.js';
import { openEpub } from '../files/index.js';
import { stampEpub } from '../downloads/index.js';

const CALIBRE_EPUB = readFileSync(
  fileURLToPath(new URL('../../test/fixtures/epub/ferry-calibre.epub', import.meta.url)),
);

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

/** Every entry's text, to look for what must (not) be there. */
async function allText(bytes: Buffer): Promise<string> {
  const book = await openEpub(new Uint8Array(bytes));
  return [...book.entries.values()].map((content) => content.toString('utf8')).join('\n');
}

async function download(url: string, actor?: Actor) {
  return waitFor(
    () => ctx.app.inject({ method: 'GET', url, headers: actor?.headers ?? {} }),
    (response) => response.statusCode !== 202,
    { timeoutMs: 120_000 },
  );
}

describe.each([
  [
    'the store’s EPUB 3',
    async () => makeEpub({ chapterCount: 12, cover: { bytes: await makePng(), mediaType: 'image/png' } }),
    'Text of chapter 1,',
    ['Text of chapter 3,', 'Text of chapter 12,'],
  ],
  [
    'an EPUB 2 written by calibre',
    async () => CALIBRE_EPUB,
    'Calibre chapter 1,',
    ['Calibre chapter 2,', 'Calibre chapter 8,'],
  ],
] as const)('%s', (_name, make, first, later) => {
  let book: Book;
  let original: Buffer;

  beforeAll(async () => {
    original = await make();
    book = await postBook(ctx.app, admin, {
      title: 'Harbour Lights',
      author: 'Catalogue Author',
      price: 7.5,
      epub: dataUrl(EPUB_MIME, original),
    });
  }, 120_000);

  it('the sample holds the first chapters only, is valid, and carries the catalogue’s title and author', async () => {
    const response = await download(`/api/books/${book._id}/epub-sample`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(EPUB_MIME);
    const sample = response.rawPayload;
    const text = await allText(sample);
    expect(text).toContain(first);
    for (const phrase of later) expect(text).not.toContain(phrase);
    expect(text).toContain('End of the sample');
    expect(sample.length).toBeLessThan(original.length);
    expect(await epubcheckErrors(sample)).toEqual([]);
    const meta = await ebookMeta(sample);
    expect(meta).toMatchObject({ Title: 'Harbour Lights', 'Author(s)': 'Catalogue Author', Languages: 'eng' });
  }, 240_000);

  it('a buyer gets a stamped copy: colophon and metadata, valid, kept, the same bytes each time', async () => {
    const buyer = await createMember(ctx.app, { name: 'Ada Stamped' });
    const orderId = await buyBook(ctx.app, buyer, book._id);
    const [order] = await ctx.app.db
      .select({ number: orders.number, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    const orderNumber = formatOrderNumber(order!.number, order!.createdAt);
    const response = await download(`/api/books/${book._id}/epub`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(EPUB_MIME);
    const copy = response.rawPayload;
    expect(copy.equals(original)).toBe(false);
    const text = await allText(copy);
    expect(text).toContain(`sold to Ada Stamped (${buyer.user.email})`);
    expect(text).toContain(`order ${orderNumber}`);
    expect(text).toContain(first);
    expect(await epubcheckErrors(copy)).toEqual([]);
    const meta = await ebookMeta(copy);
    expect(meta['Title']).toBeTruthy();
    expect(meta['Author(s)']).toBeTruthy();
    expect(meta['Languages']).toBe('eng');
    // In the package metadata (calibre shows it as Rights for an EPUB 2; EPUB 3 keeps it in dc:rights).
    expect(text).toContain(`rights>Sold to Ada Stamped &lt;${buyer.user.email}&gt; · Order ${orderNumber}`);
    if (meta['Rights']) expect(meta['Rights']).toContain(`Sold to Ada Stamped <${buyer.user.email}>`);
    // Kept as a file: the next download sends the same copy, made once.
    const [kept] = await ctx.app.db
      .select({ mime: files.mime })
      .from(stampedCopies)
      .innerJoin(files, eq(files.id, stampedCopies.fileId))
      .where(and(eq(stampedCopies.userId, buyer.user._id), eq(stampedCopies.format, 'epub')));
    expect(kept?.mime).toBe(EPUB_MIME);
    const again = await download(`/api/books/${book._id}/epub`, buyer);
    expect(again.rawPayload.equals(copy)).toBe(true);
    // Deterministic: stamping the same book for the same sale gives the same bytes.
    const stamp = {
      name: 'Ada Stamped',
      email: buyer.user.email,
      orderId,
      orderNumber: 'BK-2026-000001',
      soldAt: new Date('2026-01-02T10:00:00Z'),
      storeName: 'Store',
    };
    const one = await stampEpub(new Uint8Array(original), stamp);
    const two = await stampEpub(new Uint8Array(original), stamp);
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    // The admin (and the submitter) get the original.
    const own = await download(`/api/books/${book._id}/epub`, admin);
    expect(own.rawPayload.equals(original)).toBe(true);
  }, 240_000);
});
