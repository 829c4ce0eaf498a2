import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { renderWithProviders } from '@/test/render';
import { json, notFound, stubServer } from '@/test/server';
import { BooksTable } from './books-table';

const book = {
  _id: 'b1',
  title: 'The Keeper of the Light',
  author: 'Ada Fairweather',
  category: 'Sea',
  price: 4.99,
  priceCents: 499,
  isFree: false,
  image: '/api/books/b1/cover',
  thumbnail: '/api/books/b1/cover?size=card',
  status: 'added',
  formats: ['pdf'],
} as Book;

describe('Books Management', () => {
  it('says a book another admin has just deleted is already gone, and shows the list as it is now', async () => {
    let deleted = false;
    const asked: string[] = [];
    stubServer((url, init) => {
      const path = url.split('?')[0]!;
      asked.push(`${init.method ?? 'GET'} ${path}`);
      if (path === '/api/books/manage') {
        const books = deleted ? [] : [book];
        return json({ books, total: books.length, page: 1, limit: 5 });
      }
      if (path === '/api/books/b1/owners') {
        // Another admin deleted it after this list was read.
        deleted = true;
        return json({ msg: 'Book not found.', code: 'BOOK_NOT_FOUND' }, 404);
      }
      if (path === '/api/store') return json({ currency: 'USD' });
      return notFound();
    });
    renderWithProviders(<BooksTable />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete ${book.title}` }));

    // The dialog's title is in the page a moment before the dialog shows: on a busy machine the two are apart.
    const gone = await screen.findByRole('heading', { name: 'This book has already been deleted.' });
    await waitFor(() => expect(gone).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${book.title}` })).toBeNull());
    expect(asked.filter((request) => request === 'GET /api/books/manage')).toHaveLength(2);
    expect(asked.some((request) => request.startsWith('DELETE'))).toBe(false);
  });

  it('keeps the rows shown, dimmed and marked busy, until a search has its answer', async () => {
    let answer: (() => void) | undefined;
    stubServer(async (url) => {
      const path = url.split('?')[0]!;
      if (path === '/api/store') return json({ currency: 'USD' });
      if (path !== '/api/books/manage') return notFound();
      if (!new URL(url, 'http://store').searchParams.get('q'))
        return json({ books: [book], total: 1, page: 1, limit: 5 });
      await new Promise<void>((resolve) => (answer = resolve));
      return json({ books: [], total: 0, page: 1, limit: 5 });
    });
    renderWithProviders(<BooksTable />);
    const table = await screen.findByRole('table', { name: 'Books' });
    expect(table).not.toHaveAttribute('aria-busy');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search books'), 'keeper');
    await waitFor(() => expect(answer).toBeDefined());
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: `Delete ${book.title}` })).toBeVisible();
    answer!();
    expect(await screen.findByText('No books found for your filter.')).toBeVisible();
  });
});
