/**
 * Known-item search on a real catalogue, shared by the relevance test (a fixed 600-book subset) and
 * bench/search-quality.ts (the whole 5,700 books, optionally topped up with generated ones).
 *
 * Five query kinds, each made from a book of the catalogue with a seeded generator, as readers type:
 * - title: the whole title as written;
 * - typo: the title with one word of at least 5 letters misspelt once (a letter dropped, added,
 *   replaced, or two neighbours swapped);
 * - half: the main title (before `:` or `(`) typed up to its last word, cut to 1 or 2 letters, as
 *   search-as-you-type sends it (`Cold Comfort Fa`);
 * - author: the author's name;
 * - surname: the author's surname and one title word (`follett giants`).
 * A hit is the book itself or a book with the same title and author; for the author kind, whose reader
 * looks for the author, any book by that author.
 */
import { readFileSync } from 'node:fs';

export interface CatalogueRow {
  asin: string;
  title: string;
  author: string;
  category: string;
}

export type QueryKind = 'title' | 'typo' | 'half' | 'author' | 'surname';
export const QUERY_KINDS: QueryKind[] = ['title', 'typo', 'half', 'author', 'surname'];

export interface KnownItemQuery {
  kind: QueryKind;
  q: string;
  book: CatalogueRow;
}

/** Fields of one CSV line (every field quoted, `""` inside a field). */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  const field = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (const match of line.matchAll(field)) fields.push(match[1]!.replace(/""/g, '"'));
  return fields;
}

/**
 * The rows of the BookCover30 CSV (no header: ASIN, file, URL, title, author, category id, category).
 * A few titles hold broken byte sequences where a typographic apostrophe or dash was; they become `'`.
 * Books without an author get "Unknown" (the store requires one) and are left out of author queries.
 */
export function readCatalogueCsv(file: string, limit = Infinity): CatalogueRow[] {
  const clean = (text: string) => text.replace(/(?:\uFFFD+E?)+/g, "'").trim();
  const rows: CatalogueRow[] = [];
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (rows.length >= limit) break;
    const fields = parseCsvLine(line);
    if (fields.length < 7) continue;
    const title = clean(fields[3]!);
    if (!title) continue;
    rows.push({ asin: fields[0]!, title, author: clean(fields[4]!) || 'Unknown', category: clean(fields[6]!) });
  }
  return rows;
}

/** A small seeded generator (mulberry32): the same seed gives the same sample everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in into is it its of on or the their this to was with your you'.split(
    ' ',
  ),
);
const LETTERS = /^\p{L}+$/u;
const NAME_SUFFIXES = /^(jr|sr|ii|iii|iv|phd|md|ma|mba|rn|dr|edd|msn|cpa|esq)$/i;

function mainTitle(title: string): string {
  return title.split(/[:([]/)[0]!.trim();
}

function misspell(word: string, random: () => number): string {
  const lower = word.toLowerCase();
  const at = 1 + Math.floor(random() * (lower.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return lower.slice(0, at) + lower.slice(at + 1);
    case 1:
      if (lower[at] !== lower[at + 1] && at + 1 < lower.length)
        return lower.slice(0, at) + lower[at + 1] + lower[at] + lower.slice(at + 2);
      return lower.slice(0, at) + lower.slice(at + 1);
    case 2:
      return lower.slice(0, at) + letter + lower.slice(at);
    default:
      return lower.slice(0, at) + (letter === lower[at] ? 'x' : letter) + lower.slice(at + 1);
  }
}

function surnameOf(author: string): string | undefined {
  const words = author
    .split(/[\s,]+/)
    .map((word) => word.replace(/[^\p{L}'-]/gu, ''))
    .filter((word) => word.length >= 2 && !NAME_SUFFIXES.test(word.replace(/\W/g, '')));
  return words.at(-1);
}

/** The search box takes 200 characters: longer titles are typed up to the last whole word that fits. */
const MAX_QUERY = 200;
const fit = (q: string) => (q.length <= MAX_QUERY ? q : q.slice(0, q.lastIndexOf(' ', MAX_QUERY)));

/** The query of one kind for a book, or undefined when the book cannot make one (no long word...). */
export function makeQuery(kind: QueryKind, book: CatalogueRow, random: () => number): string | undefined {
  const q = makeFullQuery(kind, book, random);
  return q === undefined ? undefined : fit(q);
}

function makeFullQuery(kind: QueryKind, book: CatalogueRow, random: () => number): string | undefined {
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
  const words = book.title.split(/\s+/);
  switch (kind) {
    case 'title':
      return book.title;
    case 'typo': {
      const candidates = words
        .map((word, index) => ({ word, index }))
        .filter(({ word }) => word.length >= 5 && LETTERS.test(word));
      const chosen = pick(candidates);
      if (!chosen) return undefined;
      return words.map((word, index) => (index === chosen.index ? misspell(word, random) : word)).join(' ');
    }
    case 'half': {
      const main = mainTitle(book.title).split(/\s+/).filter(Boolean).slice(0, 6);
      const last = main.at(-1);
      if (main.length < 2 || !last || !LETTERS.test(last.slice(0, 2))) return undefined;
      const cut = Math.min(last.length, 1 + Math.floor(random() * 2));
      return [...main.slice(0, -1), last.slice(0, cut)].join(' ');
    }
    case 'author':
      return book.author === 'Unknown' ? undefined : book.author;
    case 'surname': {
      const surname = book.author === 'Unknown' ? undefined : surnameOf(book.author);
      const word = pick(
        book.title
          .toLowerCase()
          .split(/[^\p{L}']+/u)
          .filter((w) => w.length >= 4 && LETTERS.test(w) && !STOP_WORDS.has(w)),
      );
      return surname && word ? `${surname} ${word}` : undefined;
    }
  }
}

/**
 * `perKind` queries of every kind from a seeded sample of the catalogue: for each kind, books are
 * drawn in one seeded order and those that cannot make that kind of query are skipped.
 */
export function knownItemQueries(catalogue: CatalogueRow[], perKind: number, seed = 10): KnownItemQuery[] {
  const random = seededRandom(seed);
  const order = catalogue.map((book, index) => ({ book, key: random(), index }));
  order.sort((a, b) => a.key - b.key || a.index - b.index);
  const queries: KnownItemQuery[] = [];
  for (const kind of QUERY_KINDS) {
    let made = 0;
    for (const { book } of order) {
      if (made >= perKind) break;
      const q = makeQuery(kind, book, random);
      if (q === undefined) continue;
      queries.push({ kind, q, book });
      made += 1;
    }
  }
  return queries;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The 1-based rank of the first hit among the results, or 0. */
export function hitRank(query: KnownItemQuery, results: { title: string; author: string }[]): number {
  const index = results.findIndex((result) =>
    query.kind === 'author'
      ? same(result.author, query.book.author)
      : same(result.title, query.book.title) && same(result.author, query.book.author),
  );
  return index + 1;
}

export interface KindRates {
  kind: QueryKind;
  queries: number;
  first: number;
  top5: number;
  misses: string[];
}

export function ratesByKind(outcomes: { query: KnownItemQuery; rank: number }[]): KindRates[] {
  return QUERY_KINDS.map((kind) => {
    const ofKind = outcomes.filter((outcome) => outcome.query.kind === kind);
    const share = (count: number) => (ofKind.length === 0 ? 0 : count / ofKind.length);
    return {
      kind,
      queries: ofKind.length,
      first: share(ofKind.filter((outcome) => outcome.rank === 1).length),
      top5: share(ofKind.filter((outcome) => outcome.rank >= 1 && outcome.rank <= 5).length),
      misses: ofKind
        .filter((outcome) => outcome.rank === 0 || outcome.rank > 5)
        .map((outcome) => `${outcome.query.q} → ${outcome.query.book.title} (${outcome.rank || 'none'})`),
    };
  });
}

/** Letters no English word strings together: a made-up word that is no typo of a known one. */
const RARE = 'qxzjvkw';

function nonsenseWord(random: () => number): string {
  const length = 4 + Math.floor(random() * 3);
  let word = '';
  for (let at = 0; at < length; at += 1) word += RARE[Math.floor(random() * RARE.length)];
  return word;
}

/**
 * Queries that must find nothing (precision): a made-up word beside one real title word, as the
 * issue's "zqxj-no-such-book", and common words alone that start no title of the catalogue.
 */
export function nothingQueries(catalogue: CatalogueRow[], count: number, seed = 10): string[] {
  const random = seededRandom(seed);
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
  const titles = catalogue.map((book) =>
    book.title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
  );
  const stopWords = [...STOP_WORDS];
  const queries: string[] = [];
  for (let made = 0; queries.length < count && made < count * 20; made += 1) {
    const book = pick(catalogue);
    const word = pick(
      book.title
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 4 && !STOP_WORDS.has(w)),
    ) as string | undefined;
    const common = [pick(stopWords), pick(stopWords), ...(random() < 0.5 ? [pick(stopWords)] : [])];
    switch (queries.length % 3) {
      case 0:
        if (word) queries.push(`${nonsenseWord(random)}-no-such-${word}`);
        break;
      case 1:
        if (word) queries.push(`${nonsenseWord(random)} ${common.slice(0, 2).join(' ')} ${word}`);
        break;
      default:
        if (!titles.some((title) => title.startsWith(common.join(' ')))) queries.push(common.join(' '));
    }
  }
  return queries;
}
