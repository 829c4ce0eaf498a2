/**
 * Search-as-you-type suggestions: up to five public books for what has been typed so far. Titles that
 * start with it come first, in title order, read from one index range (books_public_title_key_idx)
 * that stops after five rows; when fewer than five start with it, books whose title or author holds
 * every word typed (the last one as a prefix) fill the rest, shortest title first.
 */
import { SUGGESTIONS_MAX } from '@ebook/shared';
import { and, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { isPublic } from './books-query.service.js';
import { titleKey } from './books-search.service.js';

export interface SuggestedBook {
  id: string;
  title: string;
  author: string;
  coverFileId: string | null;
}

const columns = { id: books.id, title: books.title, author: books.author, coverFileId: books.coverFileId };
/** Word matches read before the shortest titles are kept (a prefix of one word may match thousands). */
const WORD_MATCHES_READ = 30;

export async function suggestBooks(db: Executor, q: string): Promise<SuggestedBook[]> {
  // Letters, digits and single spaces only: nothing in it is special to LIKE or to a tsquery.
  const key = titleKey(q);
  if (key.length === 0) return [];
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
  containing.sort((a, b) => a.title.length - b.title.length || a.title.localeCompare(b.title));
  return [...starting, ...containing].slice(0, SUGGESTIONS_MAX);
}
