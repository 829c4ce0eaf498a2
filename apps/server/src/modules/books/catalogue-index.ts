/**
 * The public catalogue held in memory for searches (docs/search.md, "The in-memory index"): per book,
 * the lexemes of its search vector exactly as PostgreSQL made them (read as text, with their weights),
 * its title key, author, category, price, date and rating; per lexeme, the books that have it. The
 * query side (catalogue-index-search.ts) stems typed words the way PostgreSQL's English configuration
 * does (Snowball English, the same stop words), so a search reads the same matches without the database.
 *
 * Books are added and removed one at a time (a change reloads the book); a removed book leaves a hole
 * (alive = 0) that searches skip, and the index is rebuilt when holes pass a quarter of it.
 */
import { randomUUID } from 'node:crypto';

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** One public book as the index needs it (read from the database). */
export interface IndexedBook {
  id: string;
  /** Milliseconds since 1970; ties are ordered by id, as the database orders them. */
  createdAt: number;
  priceCents: number;
  category: string;
  title: string;
  author: string;
  tags: string;
  titleKey: string;
  reviewCount: number;
  ratingTotal: number;
  /** `search_vector::text`: 'lexeme':1A,2B ... */
  vector: string;
}

/** ts_rank's default weights of D, C, B, A. */
const WEIGHTS = [0.1, 0.2, 0.4, 1];

/** Sorted strings plus the ones added since (searched one by one until the next sort). */
class SortedStrings {
  private sorted: string[] = [];
  private added: string[] = [];

  add(text: string): void {
    this.added.push(text);
    // Sorted again once the unsorted part passes an eighth of the whole: a build of n strings sorts
    // O(n log n) in all, not n / 4,096 times the whole list.
    if (this.added.length > Math.max(4_096, this.sorted.length >>> 3)) this.settle();
  }

  settle(): void {
    if (this.added.length === 0) return;
    const added = this.added.sort();
    const sorted = this.sorted;
    const merged: string[] = [];
    let a = 0;
    let b = 0;
    while (a < sorted.length || b < added.length) {
      const next = b >= added.length || (a < sorted.length && sorted[a]! <= added[b]!) ? sorted[a++]! : added[b++]!;
      if (merged.length === 0 || merged[merged.length - 1] !== next) merged.push(next);
    }
    this.sorted = merged;
    this.added = [];
  }

  /** Every string starting with the prefix. */
  *startingWith(prefix: string): Generator<string> {
    yield* this.sortedStartingWith(prefix);
    yield* this.addedStartingWith(prefix);
  }

  /** The sorted strings starting with the prefix, in order. */
  *sortedStartingWith(prefix: string): Generator<string> {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < this.sorted.length && this.sorted[at]!.startsWith(prefix); at += 1) yield this.sorted[at]!;
  }

  /** The strings added since the last sort that start with the prefix, unordered. */
  *addedStartingWith(prefix: string): Generator<string> {
    for (const text of this.added) if (text.startsWith(prefix)) yield text;
  }
}

export class CatalogueIndex {
  // Per book number.
  readonly ids: string[] = [];
  readonly alive: number[] = [];
  readonly createdAt: number[] = [];
  readonly priceCents: number[] = [];
  readonly category: string[] = [];
  readonly titleKey: string[] = [];
  readonly titleLower: string[] = [];
  readonly authorLower: string[] = [];
  /** Title, author, category and tags as one folded text (phrases are checked in it). */
  readonly text: string[] = [];
  readonly rating: number[] = [];
  readonly reviewCount: number[] = [];
  /** The book's lexemes are bookLexemes[lexemesFrom[book]] up to lexemesFrom[book + 1] (exclusive). */
  readonly lexemesFrom: number[] = [0];
  /** Every book's lexeme numbers, one book after the other (their weights are in the postings). */
  readonly bookLexemes: number[] = [];
  /** The category's number (in categoryNames) per book: counted in a typed array, compared as numbers. */
  readonly categoryOf: number[] = [];
  readonly categoryNames: string[] = [];
  private readonly categoryNumbers = new Map<string, number>();
  /** Membership arrays and rank buffers lent to one search at a time (searches are synchronous). */
  readonly scratch: { marks: Uint8Array[]; ranks: Float64Array[] } = { marks: [], ranks: [] };
  // Per lexeme number.
  readonly lexemes: string[] = [];
  readonly postings: number[][] = [];
  /** The weight of each posting's lexeme in its book (parallel to postings). */
  readonly postingWeights: number[][] = [];
  private readonly lexemeNumbers = new Map<string, number>();
  private readonly sortedLexemes = new SortedStrings();
  private readonly sortedTitles = new SortedStrings();
  private readonly titleBooks = new Map<string, number[]>();
  private readonly numbers = new Map<string, number>();
  /** One copy of each author's name in lower case, however many books have it. */
  private readonly authors = new Map<string, string>();
  /** Known words (as written, with a letter, 2-40 characters) and how many books have each. */
  readonly known = new Map<string, number>();
  private holes = 0;
  /** Bumped by every change: a search's answer is good while it is the same. */
  generation = 0;
  /** Tells this index from the one built before or after it (with its own generations). */
  readonly built = randomUUID();
  private readonly prefixes = new Map<string, number[]>();
  /** The known words near each typed word no book has (typo candidates), per word; dropped on every change. */
  readonly nearWords = new Map<string, string[]>();

  get size(): number {
    return this.numbers.size;
  }

  /** Holes past a quarter of the books: the keeper rebuilds the index. */
  get worn(): boolean {
    return this.holes > 1_000 && this.holes > this.ids.length / 4;
  }

  has(id: string): boolean {
    return this.numbers.has(id);
  }

  /** Adds (or replaces) a public book. */
  put(book: IndexedBook): void {
    this.remove(book.id);
    this.generation += 1;
    const number = this.ids.length;
    this.numbers.set(book.id, number);
    this.ids.push(book.id);
    this.alive.push(1);
    this.createdAt.push(book.createdAt);
    this.priceCents.push(book.priceCents);
    let categoryNumber = this.categoryNumbers.get(book.category);
    if (categoryNumber === undefined) {
      categoryNumber = this.categoryNames.length;
      this.categoryNumbers.set(book.category, categoryNumber);
      this.categoryNames.push(book.category);
    }
    this.categoryOf.push(categoryNumber);
    // One copy of each category's name, however many books have it.
    this.category.push(this.categoryNames[categoryNumber]!);
    this.titleKey.push(book.titleKey);
    const titleLower = book.title.toLowerCase();
    // Most titles in lower case are their title key: one string for both.
    this.titleLower.push(titleLower === book.titleKey ? book.titleKey : titleLower);
    const authorLower = book.author.toLowerCase();
    let author = this.authors.get(authorLower);
    if (author === undefined) this.authors.set(authorLower, (author = authorLower));
    this.authorLower.push(author);
    const folded = fold(`${book.title} ${book.author} ${book.category} ${book.tags}`);
    this.text.push(` ${folded} `);
    this.rating.push(book.reviewCount > 0 ? book.ratingTotal / book.reviewCount : -1);
    this.reviewCount.push(book.reviewCount);
    for (const [lexeme, weight] of parseVector(book.vector)) {
      let lexemeNumber = this.lexemeNumbers.get(lexeme);
      if (lexemeNumber === undefined) {
        lexemeNumber = this.lexemes.length;
        this.lexemeNumbers.set(lexeme, lexemeNumber);
        this.lexemes.push(lexeme);
        this.postings.push([]);
        this.postingWeights.push([]);
        this.sortedLexemes.add(lexeme);
      }
      this.postings[lexemeNumber]!.push(number);
      this.postingWeights[lexemeNumber]!.push(weight);
      this.bookLexemes.push(lexemeNumber);
    }
    this.lexemesFrom.push(this.bookLexemes.length);
    if (this.prefixes.size > 0) this.prefixes.clear();
    for (const word of knownWordsOf(folded)) this.known.set(word, (this.known.get(word) ?? 0) + 1);
    const titled = this.titleBooks.get(book.titleKey);
    if (titled) titled.push(number);
    else {
      this.titleBooks.set(book.titleKey, [number]);
      this.sortedTitles.add(book.titleKey);
    }
    if (this.nearWords.size > 0) this.nearWords.clear();
  }

  /** Takes a book out (it left the catalogue, or is about to be put again). */
  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    this.generation += 1;
    this.numbers.delete(id);
    this.alive[number] = 0;
    this.holes += 1;
    // The book's words, read again from its folded text (not kept twice).
    for (const word of knownWordsOf(this.text[number]!.trim())) {
      const count = (this.known.get(word) ?? 1) - 1;
      if (count <= 0) this.known.delete(word);
      else this.known.set(word, count);
    }
    this.nearWords.clear();
  }

  /** Sorts what was added since the last call (after a build, so searches start on sorted lists). */
  settle(): void {
    this.sortedLexemes.settle();
    this.sortedTitles.settle();
  }

  lexemeNumber(lexeme: string): number | undefined {
    return this.lexemeNumbers.get(lexeme);
  }

  /** Lexeme numbers of every lexeme starting with the prefix (remembered until a book is added). */
  lexemesStartingWith(prefix: string): number[] {
    let found = this.prefixes.get(prefix);
    if (found) return found;
    found = [];
    for (const lexeme of this.sortedLexemes.startingWith(prefix)) found.push(this.lexemeNumbers.get(lexeme)!);
    if (this.prefixes.size >= 20_000) this.prefixes.clear();
    this.prefixes.set(prefix, found);
    return found;
  }

  /** At most `count` books (alive) whose title key starts with the prefix, in title key order. */
  firstTitlesStartingWith(prefix: string, count: number): number[] {
    const keys: string[] = [];
    let books = 0;
    for (const key of this.sortedTitles.sortedStartingWith(prefix)) {
      keys.push(key);
      for (const number of this.titleBooks.get(key) ?? []) books += this.alive[number] === 1 ? 1 : 0;
      if (books >= count) break;
    }
    // Keys added since the last sort may come before the last one read: all of them are merged in.
    for (const key of this.sortedTitles.addedStartingWith(prefix)) keys.push(key);
    const found: number[] = [];
    for (const key of [...new Set(keys)].sort())
      for (const number of this.titleBooks.get(key) ?? [])
        if (this.alive[number] === 1 && found.length < count) found.push(number);
    return found;
  }

  /** Books (alive) whose title key starts with the prefix. */
  titlesStartingWith(prefix: string): number[] {
    const found: number[] = [];
    for (const key of this.sortedTitles.startingWith(prefix))
      for (const number of this.titleBooks.get(key) ?? []) if (this.alive[number] === 1) found.push(number);
    return found;
  }
}

/** The distinct words of a folded text that count as known words (a letter, 2-40 characters). */
function knownWordsOf(folded: string): string[] {
  return [...new Set(folded.split(' '))].filter(
    (word) => word.length >= 2 && word.length <= 40 && /\p{L}/u.test(word) && PLAIN_WORD.test(word),
  );
}

/** Lower case, every run of other than letters and digits one space (as books.title_key is made). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The lexemes of a tsvector's text with their ts_rank weight (best position, plus a little per other). */
export function parseVector(vector: string): Map<string, number> {
  const found = new Map<string, number>();
  const length = vector.length;
  let at = 0;
  while (at < length) {
    if (vector.charCodeAt(at) !== QUOTE) {
      at += 1;
      continue;
    }
    at += 1;
    let lexeme = '';
    let from = at;
    while (at < length) {
      if (vector.charCodeAt(at) === QUOTE) {
        if (vector.charCodeAt(at + 1) === QUOTE) {
          lexeme += vector.slice(from, at + 1);
          at += 2;
          from = at;
          continue;
        }
        break;
      }
      at += 1;
    }
    lexeme += vector.slice(from, at);
    at += 1;
    // ts_rank's sum over the positions (calc_rank_or): the best weight, plus each position's weight
    // divided by the square of its place in the list, scaled by 1/zeta(2).
    let sum = 0;
    let best = -1;
    let bestPlace = 1;
    let place = 0;
    if (vector.charCodeAt(at) === COLON) {
      at += 1;
      while (at < length && vector.charCodeAt(at) !== SPACE) {
        const code = vector.charCodeAt(at);
        if (code >= ZERO && code <= NINE) {
          while (at < length && vector.charCodeAt(at) >= ZERO && vector.charCodeAt(at) <= NINE) at += 1;
          const letter = vector.charCodeAt(at) - LETTER_A;
          const weight = letter >= 0 && letter <= 3 ? WEIGHTS[3 - letter]! : WEIGHTS[0]!;
          if (letter >= 0 && letter <= 3) at += 1;
          place += 1;
          sum += weight / (place * place);
          if (weight > best) {
            best = weight;
            bestPlace = place;
          }
        } else at += 1;
      }
    }
    if (place === 0) {
      best = WEIGHTS[0]!;
      sum = best;
    }
    found.set(lexeme, (best + sum - best / (bestPlace * bestPlace)) / 1.64493406685);
  }
  return found;
}

const QUOTE = 39;
const COLON = 58;
const SPACE = 32;
const ZERO = 48;
const NINE = 57;
const LETTER_A = 65;
