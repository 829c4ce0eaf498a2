/**
 * Books for the public-page specs, created through the API as the admin (status 'added', so they
 * are public at once). Every call gets its own category and title word, so the specs do not depend
 * on the demo catalogue or on each other.
 */
import { randomBytes } from 'node:crypto';
import { expect, request as apiRequest, type APIRequestContext } from '@playwright/test';
import { ADMIN, E2E_PORT } from '../playwright.config';
import { bookPdf, coverPng } from './admin-fixtures';

export interface BookSpec {
  title: string;
  price: string;
  story?: string;
  meta?: Record<string, string | number>;
  /** Pages of the PDF (1 by default: too short for a sample). */
  pages?: number;
}

export interface CreatedBook {
  _id: string;
  title: string;
  isFree: boolean;
}

/** A short run of lower-case letters, usable in titles and categories. */
export function token(length = 6): string {
  return Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function createBooks(request: APIRequestContext, category: string, specs: BookSpec[]) {
  const bearer = await adminToken(request);
  const created: CreatedBook[] = [];
  for (const [index, spec] of specs.entries()) {
    const response = await request.post('/api/books/', {
      headers: { Authorization: `Bearer ${bearer}` },
      multipart: {
        title: spec.title,
        author: `Author ${index + 1}`,
        category,
        price: spec.price,
        story: spec.story ?? `The opening pages of ${spec.title}.`,
        description: `All about ${spec.title}.`,
        status: 'added',
        meta: JSON.stringify(spec.meta ?? {}),
        image: { name: 'cover.png', mimeType: 'image/png', buffer: coverPng([30 + index * 20, 90, 140]) },
        pdf: { name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(spec.title, spec.pages) },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { book } = (await response.json()) as { book: CreatedBook };
    created.push(book);
  }
  return created;
}

/**
 * A paid book with a PDF only, made for one test, in a session of its own (the caller's stays as it
 * is): read in the PDF reader and downloaded as "<title>.pdf". The demo books also have an EPUB, and
 * other specs add EPUB-only books, so a book picked from the catalogue may open in the EPUB reader.
 * The newest book, so the library's first page shows it.
 */
export async function paidPdfBook(label: string): Promise<CreatedBook> {
  const request = await apiRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  try {
    const word = token();
    const [book] = await createBooks(request, `${label} ${word}`, [
      { title: `${label} ${word}`, price: '6.99', pages: 12 },
    ]);
    return book!;
  } finally {
    await request.dispose();
  }
}

/**
 * A category of eleven books (so two library pages): four free, seven paid, one of them with a
 * distinctive title for the typo search and one with full meta data for the detail page.
 */
export async function createShelf(request: APIRequestContext) {
  const word = token();
  const category = `Shelf ${word}`;
  const specs: BookSpec[] = [
    ...Array.from({ length: 4 }, (_, n) => ({ title: `Free Tale ${n + 1} ${word}`, price: 'Free' })),
    ...Array.from({ length: 5 }, (_, n) => ({ title: `Paid Tale ${n + 1} ${word}`, price: `${n + 3}.99` })),
    { title: `Saffron Harbour ${word}`, price: '7.50', story: 'The tide came in over the saffron harbour at dawn.' },
    {
      title: `Cartographer ${word}`,
      price: '11.00',
      meta: { sku: `SKU-${word}`, tags: 'maps, sea', format: 'PDF', pages: 312, publishYear: 1888, century: '19th' },
    },
  ];
  const books = await createBooks(request, category, specs);
  return { word, category, books, byTitle: (prefix: string) => books.find((book) => book.title.startsWith(prefix))! };
}

/**
 * Asks once for a book's sample, as the first "Read A Little" would: a 1-page book has none (422), and
 * from then on its page offers the story in a dialog instead of the reader. Waits until the book says so.
 */
export async function settleSample(request: APIRequestContext, bookId: string): Promise<void> {
  expect((await request.get(`/api/books/${bookId}/sample`)).status()).toBe(422);
  await expect
    .poll(async () => ((await (await request.get(`/api/books/${bookId}`)).json()) as { sample: unknown }).sample)
    .toBeNull();
}
