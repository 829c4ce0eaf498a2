import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SUGGESTIONS, type Book, type BookListResponse } from '@ebook/shared';
import { books, files } from '../schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { seedCatalogue } from './catalogue.js';
import { SEED_BOOKS } from './catalogue-data.js';
import { DEMO_CHAPTERS } from './demo-text.js';
import { epubcheckErrors } from '../../test/epubcheck.js';
import { openEpub } from '../../modules/files/inspect-epub.js';

/** pdf.js's own copies of the standard fonts (the demo PDFs are set in Times). */
const STANDARD_FONTS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

let ctx: TestContext;

const seed = () =>
  seedCatalogue({
    db: ctx.app.db,
    fileStore: ctx.app.fileStore,
    config: {
      ADMIN_EMAIL: 'admin@bookshop.local',
      ADMIN_PASSWORD: undefined,
      SEED_DEMO: true,
      passwordHashing: ctx.config.passwordHashing,
    },
    log: { info: () => {}, warn: () => {} },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  await seed();
}, 180_000);
afterAll(() => ctx.close());

describe('demo catalogue', () => {
  it('seeds at least 40 public books across exactly the six categories, free and paid', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/books?limit=100' })).json<BookListResponse>();
    expect(list.total).toBe(SEED_BOOKS.length);
    expect(list.total).toBeGreaterThanOrEqual(40);
    expect(list.categories.map((entry) => entry.name).sort()).toEqual([...CATEGORY_SUGGESTIONS].sort());
    expect(list.books.some((book) => book.isFree)).toBe(true);
    expect(list.books.some((book) => !book.isFree)).toBe(true);
    // Newest first follows the list order.
    expect(list.books.map((book) => book.title)).toEqual(SEED_BOOKS.map((book) => book.title));
  });

  it('gives every book full meta, a story, a description, a cover and a readable PDF', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/books?limit=100' })).json<BookListResponse>();
    for (const book of list.books) {
      expect(book.meta).toMatchObject({
        sku: expect.stringMatching(/^EB-/),
        tags: expect.any(String),
        category: book.category,
        format: 'PDF, EPUB',
        pages: expect.any(Number),
        publishYear: expect.any(Number),
        language: expect.any(String),
        country: expect.any(String),
        century: expect.stringMatching(/^\d+(st|nd|rd|th)$/),
        availability: 'Available',
      });
      expect(book.story.length).toBeGreaterThan(10);
      expect(book.description.length).toBeGreaterThan(10);
    }
    const walden = list.books.find((book) => book.title === 'Walden') as Book;
    expect(walden.meta.century).toBe('19th');
    const cover = await ctx.app.inject({ method: 'GET', url: walden.image! });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 600, height: 900, format: 'jpeg' });
    const pdf = await ctx.app.inject({ method: 'GET', url: walden.pdf! });
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload);
    // As many pages as its book page says, with real text on them (what "Read A Little" shows).
    expect(doc.getPageCount()).toBe(walden.meta.pages);
    expect(doc.getTitle()).toBe('Walden');
    const read = await getDocument({ data: new Uint8Array(pdf.rawPayload), standardFontDataUrl: STANDARD_FONTS })
      .promise;
    for (const number of [3, 20, doc.getPageCount()]) {
      const content = await (await read.getPage(number)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      expect(text.split(/\s+/).length, `page ${number}`).toBeGreaterThan(150);
      expect(text).toContain(String(number));
    }
    await read.destroy();
  }, 120_000);

  it('gives every book an EPUB too: valid EPUB 3 (epubcheck), with its chapters in the table of contents', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/books?limit=100' })).json<BookListResponse>();
    for (const book of list.books) expect(book.formats).toEqual(['pdf', 'epub']);
    const walden = list.books.find((book) => book.title === 'Walden') as Book;
    const epub = await ctx.app.inject({ method: 'GET', url: `/api/books/${walden._id}/epub` });
    expect(epub.statusCode).toBe(200);
    expect(epub.headers['content-type']).toBe('application/epub+zip');
    expect(await epubcheckErrors(epub.rawPayload)).toEqual([]);
    const opened = await openEpub(new Uint8Array(epub.rawPayload));
    expect(opened.metadata).toMatchObject({
      title: 'Walden',
      authors: ['Henry David Thoreau'],
      language: 'en',
      hasCover: true,
    });
    const nav = opened.entries.get(opened.nav!.path)!.toString();
    expect(nav.match(/<li>/g)).toHaveLength(DEMO_CHAPTERS);
    const chapters = opened.spine.filter(({ item }) => item.path.includes('chapter-'));
    expect(chapters).toHaveLength(DEMO_CHAPTERS);
    // Each chapter is real reading: several paragraphs of text.
    for (const { item } of chapters) expect(opened.entries.get(item.path)!.toString().length).toBeGreaterThan(2000);
  }, 120_000);

  it('is idempotent', async () => {
    const before = { books: await ctx.app.db.$count(books), files: await ctx.app.db.$count(files) };
    await seed();
    expect({ books: await ctx.app.db.$count(books), files: await ctx.app.db.$count(files) }).toEqual(before);
  });
});
