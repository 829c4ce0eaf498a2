/** GET /api/books/suggest: search-as-you-type suggestions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSuggestion } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook } from '../../test/factories.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [title, author] of [
    ['Cold Comfort Farm', 'Stella Gibbons'],
    ['Cold Mountain', 'Charles Frazier'],
    ['Cold Blood: A Novel', 'Truman Capote'],
    ['Cold Days', 'Jim Butcher'],
    ['Cold Fire', 'Dean Koontz'],
    ['Cold Sassy Tree', 'Olive Ann Burns'],
    ['The Cold Dish', 'Craig Johnson'],
    ['True Blood Omnibus', 'Charlaine Harris'],
    ['Until You', 'Judith McNaught'],
  ]) {
    await createBook(ctx.app, { title: title!, author: author! });
  }
  await createBook(ctx.app, { title: 'Cold Pending Secret', author: 'Hidden Writer', status: 'pending' });
});

afterAll(async () => {
  await ctx.close();
});

async function suggest(q: string): Promise<BookSuggestion[]> {
  const response = await ctx.app.inject({ url: `/api/books/suggest?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ books: BookSuggestion[] }>().books;
}

describe('GET /api/books/suggest', () => {
  it('suggests at most five titles starting with the text, in title order, public books only', async () => {
    const books = await suggest('co');
    expect(books.map((book) => book.title)).toEqual([
      'Cold Blood: A Novel',
      'Cold Comfort Farm',
      'Cold Days',
      'Cold Fire',
      'Cold Mountain',
    ]);
    expect(Object.keys(books[0]!).sort()).toEqual(['_id', 'author', 'thumbnail', 'title']);
    expect((await suggest('cold pe')).map((book) => book.title)).toEqual([]);
  });

  it('folds case and punctuation, and completes the last word typed', async () => {
    expect((await suggest('COLD  comfort f')).map((book) => book.title)).toEqual(['Cold Comfort Farm']);
    expect((await suggest('cold blood a')).map((book) => book.title)).toEqual(['Cold Blood: A Novel']);
    expect((await suggest('True Bl')).map((book) => book.title)).toEqual(['True Blood Omnibus']);
    expect((await suggest('until you')).map((book) => book.title)).toEqual(['Until You']);
  });

  it('fills up with titles and authors holding every word typed', async () => {
    expect((await suggest('dish')).map((book) => book.title)).toEqual(['The Cold Dish']);
    expect((await suggest('capot')).map((book) => book.author)).toEqual(['Truman Capote']);
    expect((await suggest('sassy tr')).map((book) => book.title)).toEqual(['Cold Sassy Tree']);
  });

  it('refuses an empty or overlong text with a message and a code', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(101)]) {
      const response = await ctx.app.inject({ url: `/api/books/suggest?q=${q}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', msg: expect.any(String) });
    }
    expect((await ctx.app.inject({ url: '/api/books/suggest' })).statusCode).toBe(400);
    expect(await suggest('!!!')).toEqual([]);
  });
});
