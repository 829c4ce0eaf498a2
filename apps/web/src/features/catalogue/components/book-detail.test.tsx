import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { renderWithProviders } from '@/test/render';
import { serverAnswering } from '@/test/server';
import { BookDetail } from './book-detail';

const book = (overrides: Partial<Book>): Book => ({
  _id: 'b1',
  title: 'The Keeper of the Light',
  author: 'Ada Fairweather',
  category: 'Sea',
  price: 0,
  priceCents: 0,
  isFree: true,
  story: 'The boats came in before the light.',
  description: 'A lighthouse in a storm.',
  image: '/api/books/b1/cover',
  thumbnail: '/api/books/b1/cover?size=card',
  pdf: '/api/books/b1/pdf',
  sample: null,
  samplePages: null,
  status: 'added',
  rating: { average: null, count: 0 },
  userId: 'u1',
  meta: { format: 'Paperback' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  rejectionReason: null,
  formats: ['pdf'],
  ...overrides,
});

const information = () => within(screen.getByRole('complementary', { name: 'Book Information' }));

describe('BookDetail formats', () => {
  it('shows the formats of the files and lets the reader choose what to download', async () => {
    serverAnswering({ '/api/books/b1': book({ formats: ['pdf', 'epub'] }) });
    renderWithProviders(<BookDetail bookId="b1" />);
    const pdf = await screen.findByRole('link', { name: 'Download The Keeper of the Light as PDF' });
    expect(pdf).toHaveAttribute('href', '/api/books/b1/pdf');
    expect(pdf).toHaveAttribute('download', 'The Keeper of the Light.pdf');
    const epub = screen.getByRole('link', { name: 'Download The Keeper of the Light as EPUB' });
    expect(epub).toHaveAttribute('href', '/api/books/b1/epub');
    expect(epub).toHaveAttribute('download', 'The Keeper of the Light.epub');
    expect(epub).toHaveTextContent('Download EPUB');
    expect(information().getByText('PDF, EPUB')).toBeInTheDocument();
  });

  it('offers the one download of a book in one format', async () => {
    serverAnswering({ '/api/books/b1': book({ pdf: null, formats: ['epub'] }) });
    renderWithProviders(<BookDetail bookId="b1" />);
    const epub = await screen.findByRole('link', { name: 'Download The Keeper of the Light' });
    expect(epub).toHaveAttribute('href', '/api/books/b1/epub');
    expect(epub).toHaveTextContent(/^Download$/);
    expect(information().getByText('EPUB')).toBeInTheDocument();
    // An EPUB-only book is read in the browser too.
    expect(screen.getByRole('link', { name: 'Read The Keeper of the Light' })).toHaveAttribute('href', '/read/b1');
  });
});
