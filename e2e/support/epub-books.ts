/** EPUB books for the reader's tests, added through the API by the admin so they are public at once. */
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { bookPdf, coverPng } from '../tests/admin-fixtures';
import { token } from '../tests/public-fixtures';

export interface EpubBook {
  _id: string;
  title: string;
}

export interface EpubBookSpec {
  title: string;
  epub: Buffer;
  /** The price as the form sends it ('0' for a free book). */
  price: string;
  /** The cover's colour. */
  cover: [number, number, number];
  /** Also a two-page PDF of the book. */
  withPdf?: boolean;
}

/** A book with an EPUB (and a PDF when asked), in a category of its own. */
export async function createEpubBook(request: APIRequestContext, spec: EpubBookSpec): Promise<EpubBook> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const { token: bearer } = (await login.json()) as { token: string };
  const { title } = spec;
  const response = await request.post('/api/books/', {
    headers: { Authorization: `Bearer ${bearer}` },
    multipart: {
      title,
      author: 'Ada Fairweather',
      category: `EPUB ${token()}`,
      price: spec.price,
      story: `The opening pages of ${title}.`,
      description: `All about ${title}.`,
      status: 'added',
      meta: '{}',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: coverPng(spec.cover) },
      epub: { name: 'book.epub', mimeType: 'application/epub+zip', buffer: spec.epub },
      ...(spec.withPdf ? { pdf: { name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(title, 2) } } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { book: EpubBook }).book;
}
