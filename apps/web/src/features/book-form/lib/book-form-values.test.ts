import { describe, expect, it } from 'vitest';
import { BOOK_VALIDATION_MESSAGE, type Book } from '@ebook/shared';
import {
  bookFormSchema,
  checkCoverFile,
  checkPdfFile,
  checkEpubFile,
  isMissingRequired,
  prefillFromEpub,
  statusToSend,
  toFormData,
  toFormValues,
} from './book-form-values';

const stored: Book = {
  _id: 'b1',
  title: 'Moby Dick',
  author: 'Herman Melville',
  category: 'Adventure',
  price: 0,
  priceCents: 0,
  isFree: true,
  story: 'Call me Ishmael.',
  description: 'A whale of a tale.',
  image: '/api/books/b1/cover',
  thumbnail: '/api/books/b1/cover?size=card',
  pdf: '/api/books/b1/pdf',
  formats: ['pdf'],
  sample: '/api/books/b1/sample',
  samplePages: null,
  status: 'approved',
  rating: { average: null, count: 0 },
  userId: 'u1',
  meta: { sku: 'MD-1', pages: 635, century: '19th', category: 'Sea' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  rejectionReason: null,
};

const filled = () => ({ ...toFormValues(stored, 'admin') });

describe('book form values', () => {
  it('starts empty for a new book and from the stored book when editing', () => {
    expect(toFormValues(undefined, 'member').title).toBe('');
    expect(toFormValues(stored, 'admin')).toMatchObject({
      title: 'Moby Dick',
      price: 'Free',
      meta: { sku: 'MD-1', pages: '635' },
    });
    expect(toFormValues(stored, 'member').price).toBe('0');
    expect(toFormValues({ ...stored, isFree: false, price: 12.5, priceCents: 1250 }, 'member').price).toBe('12.5');
  });

  it('reports a missing field or file as the specification’s validation error', () => {
    const files = { hasCover: true, hasPdf: true };
    expect(isMissingRequired(filled(), files)).toBe(false);
    expect(isMissingRequired({ ...filled(), author: '   ' }, files)).toBe(true);
    expect(isMissingRequired(filled(), { hasCover: false, hasPdf: true })).toBe(true);
    expect(isMissingRequired(filled(), { hasCover: true, hasPdf: false })).toBe(true);
    // The book's text may be a PDF, an EPUB or both.
    expect(isMissingRequired(filled(), { hasCover: true, hasPdf: false, hasEpub: true })).toBe(false);
    expect(isMissingRequired(filled(), { hasCover: true, hasPdf: false, hasEpub: false })).toBe(true);
    const parsed = bookFormSchema.safeParse({ ...filled(), story: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(BOOK_VALIDATION_MESSAGE);
  });

  it('accepts a number or Free as the price, and refuses anything else', () => {
    for (const price of ['free', 'FREE', '0', '12', '12.99']) {
      expect(bookFormSchema.safeParse({ ...filled(), price }).success).toBe(true);
    }
    for (const price of ['-1', 'ten', '1.999']) {
      const parsed = bookFormSchema.safeParse({ ...filled(), price });
      expect(parsed.error?.issues[0]?.message).toBe('Price must be a number, or Free');
    }
  });

  it('checks pages and publish year are whole numbers', () => {
    const values = filled();
    expect(bookFormSchema.safeParse({ ...values, meta: { ...values.meta, pages: '12.5' } }).success).toBe(false);
    expect(bookFormSchema.safeParse({ ...values, meta: { ...values.meta, publishYear: '1851' } }).success).toBe(true);
  });

  it('sends admin books as added, member books as pending, and keeps the status on edit', () => {
    expect(statusToSend('admin', undefined)).toBe('added');
    expect(statusToSend('member', undefined)).toBe('pending');
    expect(statusToSend('admin', stored)).toBe('approved');
    expect(statusToSend('member', { ...stored, status: 'pending' })).toBe('pending');
  });

  it('builds the multipart body with meta as JSON, keeping meta the form does not edit', () => {
    const values = filled();
    values.meta.pages = '';
    values.meta.language = 'English';
    const cover = new File(['x'], 'cover.png', { type: 'image/png' });
    const form = toFormData(values, { status: 'approved', existingMeta: stored.meta, cover });
    expect(form.get('title')).toBe('Moby Dick');
    expect(form.get('price')).toBe('Free');
    expect(form.get('status')).toBe('approved');
    expect(JSON.parse(form.get('meta') as string)).toMatchObject({
      sku: 'MD-1',
      pages: null,
      language: 'English',
      century: '19th',
      category: 'Sea',
    });
    expect((form.get('image') as File).name).toBe('cover.png');
    expect(form.get('pdf')).toBeNull();
    // Text fields come before the files, so a streaming server has them first.
    expect([...form.keys()].indexOf('meta')).toBeLessThan([...form.keys()].indexOf('image'));
  });

  it('checks file types and sizes before uploading', () => {
    expect(checkCoverFile(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(checkCoverFile(new File(['x'], 'a.gif', { type: 'image/gif' }))).toMatch(/JPEG, PNG or WebP/);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkCoverFile(big)).toBe('The cover image must be 5 MB or smaller.');
    expect(checkPdfFile(new File(['x'], 'book.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(checkPdfFile(new File(['x'], 'book.pdf', { type: '' }))).toBeNull();
    expect(checkPdfFile(new File(['x'], 'book.txt', { type: 'text/plain' }))).toBe('The book must be a PDF file.');
  });
});

describe('EPUB', () => {
  const metadata = {
    title: 'The Keeper of the Light',
    authors: ['Ada Fairweather', 'Tom Reed'],
    language: 'en',
    identifier: 'urn:isbn:9780000000002',
    isbn: '9780000000002',
    description: '<p>A lighthouse &amp; a <em>storm</em>.</p>',
    publisher: 'Harbour Press',
    date: '1911-04-02',
    subjects: ['Sea stories', 'Lighthouses'],
    hasCover: true,
  };

  it('fills only the fields still empty from the EPUB package', () => {
    const values = { ...toFormValues(undefined, 'admin'), author: 'Someone typed this' };
    expect(prefillFromEpub(values, metadata)).toEqual({
      title: 'The Keeper of the Light',
      description: 'A lighthouse & a storm .',
      'meta.language': 'en',
      'meta.publishYear': '1911',
      'meta.tags': 'Sea stories, Lighthouses',
      'meta.sku': '9780000000002',
      'meta.format': 'EPUB',
    });
    expect(prefillFromEpub(toFormValues(stored, 'admin'), { ...metadata, authors: [] })).not.toHaveProperty('title');
  });

  it('sends a chosen EPUB beside the PDF and checks its type first', () => {
    const epub = new File(['PK'], 'book.epub', { type: 'application/epub+zip' });
    const form = toFormData(toFormValues(stored, 'admin'), { status: 'added', epub });
    expect((form.get('epub') as File).name).toBe('book.epub');
    expect(form.get('pdf')).toBeNull();
    expect(checkEpubFile(epub)).toBeNull();
    expect(checkEpubFile(new File(['x'], 'book.epub', { type: '' }))).toBeNull();
    expect(checkEpubFile(new File(['x'], 'book.pdf', { type: 'application/pdf' }))).toBe(
      'The book must be an EPUB file.',
    );
  });
});
