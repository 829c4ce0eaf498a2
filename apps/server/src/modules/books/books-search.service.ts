/**
 * Turning what someone typed into a catalogue search, all of it answered by the books' full-text index.
 *
 * Two queries are OR-ed into one tsquery:
 * - the exact one: websearch syntax over the weighted search vector (quotes, OR, a minus);
 * - the forgiving one: every word typed must match, as itself, as a prefix ("wald" finds Walden; the
 *   last word however short, as search-as-you-type sends it) or as one of the known words within its
 *   typo budget ("prejudise" finds prejudice, "pride" does not find private). Known words are those of
 *   every book as written (search_words, kept by a trigger); the nearest are found by trigram distance
 *   over that small table, checked by edit distance (a swap of neighbouring letters is one typo) and
 *   cached, so a typo costs one index lookup, never a trigram scan of every title. Each word matches
 *   stemmed or as written: the vector holds title and author words both ways, so a title made only of
 *   stop words ("Until You") is found by its words.
 * Minus terms exclude books in both. Ranking puts the book whose title is what was typed first, then
 * titles starting with it (docs/search.md). */
import editDistance from 'damerau-levenshtein';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import type { Caches } from './catalogue-caches.js';

export interface Search {
  /** Books that match. */
  condition: SQL;
  /** Best first: exact matches, then title matches above author, category and tag ones (weights A, B, C). */
  rank: SQL;
}

const NEAREST_PER_WORD = 4;
/** Known words read per typed word, nearest first, before the edit-distance check. */
const CANDIDATES_PER_WORD = 20;
/** Shorter words match exactly only: "a:*" would match nearly every book. */
const MIN_PREFIX_LENGTH = 3;
const MAX_WORDS = 8;

const NEGATED = /(?:^|\s)-("[^"]*"|\S+)/g;
const WORD = /[\p{L}\p{N}]+/gu;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** A number in scientific notation run into a word ("1e53e5", "2e10x"): PostgreSQL's parser reads it as
 * two tokens, the number ("1e53") and the word after it ("e5"), and so do the books' indexed words. */
const NUMBER_THEN_WORD = /^(\d+e\d+)(\p{L}[\p{L}\p{N}]*)$/u;

/** The words a search must contain (lower case, letters and digits, cut where PostgreSQL's parser cuts
 * them), and its minus terms as typed. */
export function parseSearch(q: string): { words: string[]; negated: string[] } {
  const negated = [...q.matchAll(NEGATED)].map((match) => match[1]!);
  const positive = q.replace(NEGATED, ' ').replace(/\bor\b/gi, ' ');
  const typed = (positive.toLowerCase().match(WORD) ?? []).flatMap((word) => {
    const parts = NUMBER_THEN_WORD.exec(word);
    return parts ? [parts[1]!, parts[2]!] : [word];
  });
  const words = [...new Set(typed)].slice(0, MAX_WORDS);
  return { words, negated };
}

/** What a title looks like in `books.title_key`: lower case, words separated by one space. */
export function titleKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export async function buildSearch(db: Executor, caches: Caches, q: string): Promise<Search> {
  const { words, negated } = parseSearch(q);
  const exact = sql`websearch_to_tsquery('english', ${q})`;
  const key = titleKey(q.replace(NEGATED, ' '));
  const found = await lookUpWords(db, caches, words);
  // Stop words count only in a search made of nothing else ("Until You", "It"): elsewhere they would
  // make every book with a "the" a candidate, and the exact and starts-with ranks take care of them.
  const onlyStopWords = found.length > 0 && found.every((word) => word.stop);
  const without =
    negated.length > 0
      ? sql`websearch_to_tsquery('english', ${negated.map((term) => `-${term}`).join(' ')})`
      : undefined;
  const minus = without ? sql` && ${without}` : sql``;
  if (onlyStopWords) return titledOnly(key, without);
  const unknown = found.filter((word) => !word.stop && word.near.length === 0);
  // One word too misspelt to be corrected should not hide the book: in a search of three words or
  // more, a single word that no book knows (not even by a typo) is left out, unless it is the last
  // one (typed half-way). More unknown words than that, and the search finds nothing.
  const dropped = words.length >= 3 && unknown.length === 1 && unknown[0] !== found.at(-1) ? unknown[0] : undefined;
  // What remains must still say something specific: two meaningful words ("pride xqzv prejudice"),
  // else the words left must start a title in the order typed ("xqzv of mice" is no book, "of mice
  // xqzv men" is). "zqxj-no-such-book" leaves "book" alone: every title with "book" is no answer.
  const meaningfulLeft = found.filter((word) => word !== dropped && !word.stop).length;
  const titleStart =
    dropped && meaningfulLeft < 2
      ? titleKey(found.flatMap((word) => (word === dropped ? [] : [word.word])).join(' '))
      : undefined;
  const groups = found.flatMap((word, index) => {
    if (word === dropped || word.stop) return [];
    const last = index === found.length - 1;
    // The last word is a prefix however short (search as you type: "True Bl"); others from 3 letters.
    const prefix = last || (!word.stop && word.word.length >= MIN_PREFIX_LENGTH);
    const terms = [...new Set([quote(word.word) + (prefix ? ':*' : ''), ...word.near.map(quote)])].join(' | ');
    // Stemmed ("gardening" finds garden) or as written (stop words, and prefixes the stemmer would cut).
    return [sql`(to_tsquery('english', ${terms}) || to_tsquery('simple', ${terms}))`];
  });
  if (groups.length === 0) {
    return { condition: sql`${books.searchVector} @@ ${exact}`, rank: sql`ts_rank(${books.searchVector}, ${exact})` };
  }
  // The book whose title is what was typed first, then titles starting with it, then the author typed
  // in full, then exact matches, then by weight. One ts_rank over both queries (below): two cost 2.5
  // times as much on a search matching 800 books (4.7 ms against 1.4 ms).
  const titled =
    key.length > 0
      ? sql`(${books.titleKey} = ${key})::int * 8 + (${books.titleKey} like ${`${key}%`})::int * 4 + (lower(${books.author}) = ${key})::int * 2 + `
      : sql``;
  // Common words and one or two letters ("The R", "No B"): as a word prefix, the letters would match
  // most of the catalogue, to be ranked and counted on every keystroke. What is being typed is the
  // start of a title, so the titles that start so are read from their index instead.
  const last = found.at(-1);
  const shortTail = found.length >= 2 && last && !last.stop && last.word.length < MIN_PREFIX_LENGTH;
  if (shortTail && found.slice(0, -1).every((word) => word.stop)) {
    return {
      condition: sql`(${books.searchVector} @@ ${exact} or (${books.titleKey} collate "C" like ${`${key}%`}${without ? sql` and ${books.searchVector} @@ ${without}` : sql``}))`,
      rank: sql`(${titled}(${books.searchVector} @@ ${exact})::int + ts_rank(${books.searchVector}, ${exact}))`,
    };
  }
  // One or two letters after other words ("Cold Comfort Fa"): reading the index entries of every word
  // starting with "fa" costs more than the rest of the search, so the letters are checked on the books
  // the other words found instead.
  const rest = groups.slice(0, -1);
  const tail =
    shortTail && rest.length > 0
      ? sql` and exists (select 1 from unnest(tsvector_to_array(${books.searchVector})) as lexeme where lexeme like ${`${last.word}%`})`
      : undefined;
  const forgiving = sql`(${sql.join(tail ? rest : groups, sql` && `)}${minus})`;
  const either = sql`(${exact} || ${forgiving})`;
  if (titleStart !== undefined) {
    const starts = sql`${books.titleKey} collate "C" like ${`${escapeLike(titleStart)}%`}`;
    return {
      condition: sql`(${books.searchVector} @@ ${exact} or (${books.searchVector} @@ ${forgiving}${tail ?? sql``} and ${starts}))`,
      rank: sql`(${titled}(${books.searchVector} @@ ${exact})::int + ts_rank(${books.searchVector}, ${either}))`,
    };
  }
  return {
    condition: tail
      ? sql`(${books.searchVector} @@ ${exact} or (${books.searchVector} @@ ${forgiving}${tail}))`
      : sql`${books.searchVector} @@ ${either}`,
    rank: sql`(${titled}(${books.searchVector} @@ ${exact})::int + ts_rank(${books.searchVector}, ${either}))`,
  };
}

/**
 * A search of common words only ("the of", "it"): as words they are in nearly every title, so only the
 * title they are is an answer ("It", "Until You"), or, from two words, the titles they start as typed
 * ("That Was Then" or "The S" as it is typed). Anything else finds nothing.
 */
function titledOnly(key: string, without: SQL | undefined): Search {
  const exactTitle = sql`${books.titleKey} = ${key}`;
  const starts = key.includes(' ') ? sql` or ${books.titleKey} collate "C" like ${`${escapeLike(key)}%`}` : sql``;
  const minus = without ? sql` and ${books.searchVector} @@ ${without}` : sql``;
  return {
    condition: sql`((${exactTitle}${starts})${minus})`,
    rank: sql`((${exactTitle})::int * 8 + 4)`,
  };
}

/** A LIKE pattern's special characters taken literally (a title key is letters, digits and spaces). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A tsquery literal: the words are letters and digits only, so quoting is all they need. */
function quote(word: string): string {
  return `'${word}'`;
}

/**
 * How many typos a word may carry: none under 4 letters, one up to 7, two from 8 (a swap of two
 * neighbouring letters counts as one).
 */
export function typoBudget(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

export interface TypedWord {
  word: string;
  /** A stop word of English (matched as written: the 'simple' words of titles and authors). */
  stop: boolean;
  /** Known words it may stand for: itself when some book has it, else those within its typo budget. */
  near: string[];
}

/**
 * What each typed word may stand for, from the cache or in two steps: one query tells which words
 * are stop words and which some book has (primary-key lookups); only a word no book has, and long
 * enough to carry a typo, is then looked up among the nearest known words by trigram distance. That
 * lookup walks much of the GiST index (about 4 ms on PostgreSQL, 50 ms on PGlite at 15,000 words), so
 * it is kept for the words that need it.
 */
async function lookUpWords(db: Executor, caches: Caches, words: string[]): Promise<TypedWord[]> {
  // The cache's loaders run at once, so `missing` holds every uncached word before the batch starts.
  const missing: string[] = [];
  let batch: Promise<Map<string, TypedWord>> | undefined;
  return Promise.all(
    words.map((word) =>
      caches.nearestWords.getOrLoad(word, async () => {
        missing.push(word);
        batch ??= Promise.resolve().then(() => loadWords(db, missing));
        return (await batch).get(word) ?? { word, stop: false, near: [] };
      }),
    ),
  );
}

async function loadWords(db: Executor, words: string[]): Promise<Map<string, TypedWord>> {
  const result = (await db.execute<Record<string, unknown>>(sql`
    select typed as "word", numnode(plainto_tsquery('english', typed)) = 0 as "stop",
           exists (select 1 from search_words where word = typed) as "known"
    from unnest(${toPgArray(words)}::text[]) as typed`)) as {
    rows: { word: string; stop: boolean; known: boolean }[];
  };
  const entries = await Promise.all(
    result.rows.map(async (row): Promise<TypedWord> => {
      const near = row.stop ? [] : row.known ? [row.word] : await nearestKnownWords(db, row.word);
      return { word: row.word, stop: row.stop, near };
    }),
  );
  return new Map(entries.map((entry) => [entry.word, entry]));
}

/** A text[] literal. The words are letters and digits only; quoted, so that `null` stays a word. */
function toPgArray(words: string[]): string {
  return `{${words.map((word) => `"${word}"`).join(',')}}`;
}

/**
 * Known words within the typo budget of a word no book has, nearest first. Every word one edit away
 * (a letter dropped, added, replaced, or two neighbours swapped: a few hundred) is looked up by primary
 * key, the most used first; trigram distance finds short words badly ("stroy" shares 2 of 10
 * trigrams with story) and walks much of its GiST index (4 ms on PostgreSQL, 50 ms on PGlite at
 * 15,000 words), so it is asked only for a long word (two typos allowed) with nothing one edit away.
 */
async function nearestKnownWords(db: Executor, word: string): Promise<string[]> {
  const budget = typoBudget(word);
  if (budget === 0) return [];
  const oneAway = (await db.execute<Record<string, unknown>>(sql`
    select word from search_words where word = any(${toPgArray(oneEditAway(word))}::text[])
    order by books desc, word limit ${NEAREST_PER_WORD}`)) as { rows: { word: string }[] };
  if (oneAway.rows.length > 0 || budget < 2) return oneAway.rows.map((row) => row.word);
  // Ordered by the distance alone, so the GiST index answers it (a second sort key made PostgreSQL
  // read and sort every known word: 27-54 ms at 15,000 words, against 4.5 ms); ties are ordered here.
  const result = (await db.execute<Record<string, unknown>>(sql`
    select word from search_words order by word <-> ${word} limit ${CANDIDATES_PER_WORD}`)) as {
    rows: { word: string }[];
  };
  return result.rows
    .map((row) => row.word)
    .filter((known) => PLAIN_WORD.test(known))
    .map((known) => ({ known, steps: editDistance(word, known).steps }))
    .filter((candidate) => candidate.steps <= budget)
    .sort((a, b) => a.steps - b.steps || (a.known < b.known ? -1 : 1))
    .slice(0, NEAREST_PER_WORD)
    .map((candidate) => candidate.known);
}

/** Every string one edit from a word: a letter dropped, added or replaced, or two neighbours swapped. */
export function oneEditAway(word: string): string[] {
  const letters = [...new Set([...'abcdefghijklmnopqrstuvwxyz', ...word])];
  const chars = [...word];
  const found = new Set<string>();
  for (let at = 0; at <= chars.length; at += 1) {
    const before = chars.slice(0, at).join('');
    const after = chars.slice(at).join('');
    for (const letter of letters) found.add(before + letter + after);
    if (at < chars.length) {
      found.add(before + chars.slice(at + 1).join(''));
      for (const letter of letters) found.add(before + letter + chars.slice(at + 1).join(''));
    }
    if (at < chars.length - 1) found.add(before + chars[at + 1] + chars[at] + chars.slice(at + 2).join(''));
  }
  found.delete(word);
  return [...found];
}
