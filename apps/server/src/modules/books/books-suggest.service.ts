/**
 * Search-as-you-type suggestions: up to five public books for what has been typed so far. Titles that
 * start with it come first, in title order, read from one index range (books_public_title_key_idx)
 * that stops after five rows; when fewer than five start with it, books whose title or author holds
 * every word typed (the last one as a prefix) fill the rest, shortest title first.
 *
 * With the in-memory index built and current (catalogue-index-keeper.ts), the same rules are answered
 * from it and only the suggested rows are read (by id, through the public books cache).
 */
import { SUGGESTIONS_MAX } from '@ebook/shared';
import { and, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { isPublic, publicBooksByIds } from './books-query.service.js';
import type { Caches } from './catalogue-caches.js';
import { titleKey } from './books-search.service.js';
import type { CatalogueIndexKeeper } from './catalogue-index-keeper.js';
import { suggestFromIndex } from './catalogue-index-search.js';

export interface SuggestedBook {
  id: string;
  title: string;
  author: string;
  coverFileId: string | null;
}

const columns = { id: books.id, title: books.title, author: books.author, coverFileId: books.coverFileId };
/** Word matches read before the shortest titles are kept (a prefix of one word may match thousands). */
const WORD_MATCHES_READ = 30;

const byTitle = (a: SuggestedBook, b: SuggestedBook) =>
  a.title.length - b.title.length || a.title.localeCompare(b.title);

export async function suggestBooks(
  db: Executor,
  q: string,
  caches?: Caches,
  catalogueIndex?: CatalogueIndexKeeper,
): Promise<SuggestedBook[]> {
  // Letters, digits and single spaces only: nothing in it is special to LIKE or to a tsquery.
  const key = titleKey(q);
  if (key.length === 0) return [];
  const memory = caches ? await catalogueIndex?.current() : undefined;
  if (memory && caches) {
    const { starting, containing } = suggestFromIndex(memory, key, SUGGESTIONS_MAX, WORD_MATCHES_READ);
    const rows = await publicBooksByIds(db, caches, [...starting, ...containing]);
    const first = new Set(starting);
    const filling = rows.filter((row) => !first.has(row.id)).sort(byTitle);
    return [...rows.filter((row) => first.has(row.id)), ...filling].slice(0, SUGGESTIONS_MAX);
  }
  const starting = await db
    .select(columns)
    .from(books)
    .where(and(isPublic, sql`${books.titleKey} collate "C" like ${`${key}%`}`))
    .orderBy(sql`${books.titleKey} collate "C"`)
    .limit(SUGGESTIONS_MAX);
  const words = key.split(' ');
  // One or two letters of one word: the titles starting with them are suggestion enough.
  if (starting.length >= SUGGESTIONS_MAX || (words.length === 1 && key.length < 3)) return starting;
  const terms = words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`).join(' & ');
  const found = starting.map((book) => book.id);
  const containing = await db
    .select(columns)
    .from(books)
    .where(
      and(
        isPublic,
        sql`${books.searchVector} @@ to_tsquery('simple', ${terms})`,
        found.length > 0 ? notInArray(books.id, found) : undefined,
      ),
    )
    .limit(WORD_MATCHES_READ);
  containing.sort(byTitle);
  return [...starting, ...containing].slice(0, SUGGESTIONS_MAX);
}
