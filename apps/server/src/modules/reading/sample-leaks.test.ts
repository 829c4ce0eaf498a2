/**
 * A sample holds only its pages: books whose pages point at other pages (next-page links, one shared
 * resource dictionary, a contents page, named destinations, an outline) or that carry an attachment or
 * an opening script are cut into samples that hold no text or object of the pages left out, no link,
 * action, attachment or outline, and the catalogue's title and author.
 */
import { PDFDocument } from 'pdf-lib';
import { checkSample, cutSample } from './cut-sample.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, type Actor } from '../../test/factories.js';
import { dataUrl, postBook } from '../../test/books.js';
import {
  ATTACHMENT_MARKER,
  everythingIn,
  formMarker,
  OUTLINE_MARKER,
  pageMarker,
  SCRIPT_MARKER,
  trappedBook,
  type BookTraps,
} from '../../test/crafted-pdfs.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const PAGES = 40;
const KEPT = 3;

/** The sample of a paid book made of `traps`, as any visitor fetches it. */
async function sampleOf(traps: BookTraps) {
  const book = await postBook(ctx.app, admin, {
    title: 'The Whole Book',
    author: 'Ann Catalogue',
    price: 12,
    samplePages: KEPT,
    pdf: dataUrl('application/pdf', await trappedBook(PAGES, traps)),
  });
  const response = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/sample` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The sample has the kept pages' text and nothing of the others, nor links, actions, files, outlines. */
async function expectOnlyItsPages(sample: Buffer) {
  const doc = await PDFDocument.load(sample, { updateMetadata: false });
  expect(doc.getPageCount()).toBe(KEPT);
  expect(doc.getTitle()).toBe('The Whole Book (sample)');
  expect(doc.getAuthor()).toBe('Ann Catalogue');
  const text = await everythingIn(sample);
  for (let n = 1; n <= KEPT; n += 1) {
    expect(text).toContain(pageMarker(n));
    expect(text).toContain(formMarker(n));
  }
  for (let n = KEPT + 1; n <= PAGES; n += 1) {
    expect(text).not.toContain(pageMarker(n));
    expect(text).not.toContain(formMarker(n));
  }
  for (const marker of [ATTACHMENT_MARKER, SCRIPT_MARKER, OUTLINE_MARKER]) expect(text).not.toContain(marker);
  for (const key of [
    '/Annots',
    '/OpenAction',
    '/AA',
    '/JavaScript',
    '/JS',
    '/EmbeddedFile',
    '/Outlines',
    '/Dests',
    '/Names',
  ]) {
    expect(text).not.toMatch(new RegExp(`${key}\\b`));
  }
}

describe('a sample holds only its pages', () => {
  it('when every page links to the next one', async () => {
    await expectOnlyItsPages(await sampleOf({ nextLinks: true }));
  });

  it('when all pages share one resource dictionary holding every page’s drawing', async () => {
    await expectOnlyItsPages(await sampleOf({ sharedResources: true }));
  });

  it('when the first page is a contents page linking to every later page', async () => {
    await expectOnlyItsPages(await sampleOf({ contentsPage: true }));
  });

  it('when the book has named destinations for every page, and links by name', async () => {
    await expectOnlyItsPages(await sampleOf({ namedDests: true }));
  });

  it('when the book has an outline pointing at every page', async () => {
    await expectOnlyItsPages(await sampleOf({ outlines: true }));
  });

  it('when the book carries an attached file', async () => {
    await expectOnlyItsPages(await sampleOf({ embeddedFile: true }));
  });

  it('when the book runs JavaScript on opening', async () => {
    await expectOnlyItsPages(await sampleOf({ openActionScript: true }));
  });

  it('when a book has every trap at once', async () => {
    await expectOnlyItsPages(
      await sampleOf({
        nextLinks: true,
        sharedResources: true,
        contentsPage: true,
        namedDests: true,
        outlines: true,
        embeddedFile: true,
        openActionScript: true,
      }),
    );
  });
});

describe('the check after the cut', () => {
  it('refuses a sample copied the naive way (the linked pages come along) and passes the real cut', async () => {
    const book = await trappedBook(PAGES, { nextLinks: true, sharedResources: true, outlines: true });
    const source = await PDFDocument.load(book);
    const naive = await PDFDocument.create();
    for (const page of await naive.copyPages(
      source,
      Array.from({ length: KEPT }, (_, index) => index),
    ))
      naive.addPage(page);
    const leaked = await naive.save({ useObjectStreams: false });
    expect(await everythingIn(Buffer.from(leaked))).toContain(pageMarker(KEPT + 1));
    await expect(checkSample(book, KEPT, leaked)).rejects.toMatchObject({ code: 'SAMPLE_UNAVAILABLE' });
    const { bytes } = await cutSample(book, KEPT, { title: 'The Whole Book', author: 'Ann Catalogue' });
    await expect(checkSample(book, KEPT, bytes)).resolves.toBeUndefined();
  });
});
