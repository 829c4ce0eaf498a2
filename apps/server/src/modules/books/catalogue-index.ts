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
    if (this.added.length > 4_096) this.settle();
  }

  settle(): void {
    if (this.added.length === 0) return;
    this.sorted = [...new Set([...this.sorted, ...this.added])].sort();
    this.added = [];
  }

  /** Every string starting with the prefix. */
  *startingWith(prefix: string): Generator<string> {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < this.sorted.length && this.sorted[at]!.startsWith(prefix); at += 1) yield this.sorted[at]!;
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
  readonly lexemesOf: Int32Array[] = [];
  /** The weight of each of the book's lexemes (parallel to lexemesOf). */
  readonly weightsOf: Float32Array[] = [];
  private readonly wordsOf: string[][] = [];
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
  /** Known words (as written, with a letter, 2-40 characters) and how many books have each. */
  readonly known = new Map<string, number>();
  private holes = 0;
  /** Bumped by every change: a search's answer is good while it is the same. */
  generation = 0;
  /** Tells this index from the one built before or after it (with its own generations). */
  readonly built = randomUUID();
  private readonly prefixes = new Map<string, number[]>();
  /** Answers of the slow typo scan, per word; dropped on every change. */
  readonly farWords = new Map<string, string[]>();

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
    this.category.push(book.category);
    this.titleKey.push(book.titleKey);
    this.titleLower.push(book.title.toLowerCase());
    this.authorLower.push(book.author.toLowerCase());
    this.text.push(` ${fold(`${book.title} ${book.author} ${book.category} ${book.tags}`)} `);
    this.rating.push(book.reviewCount > 0 ? book.ratingTotal / book.reviewCount : -1);
    this.reviewCount.push(book.reviewCount);
    const lexemeList: number[] = [];
    const weightList: number[] = [];
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
      lexemeList.push(lexemeNumber);
      weightList.push(weight);
    }
    this.lexemesOf.push(Int32Array.from(lexemeList));
    this.prefixes.clear();
    this.weightsOf.push(Float32Array.from(weightList));
    const words = [...new Set(fold(`${book.title} ${book.author} ${book.category} ${book.tags}`).split(' '))].filter(
      (word) => word.length >= 2 && word.length <= 40 && /\p{L}/u.test(word) && PLAIN_WORD.test(word),
    );
    for (const word of words) this.known.set(word, (this.known.get(word) ?? 0) + 1);
    this.wordsOf.push(words);
    const titled = this.titleBooks.get(book.titleKey);
    if (titled) titled.push(number);
    else {
      this.titleBooks.set(book.titleKey, [number]);
      this.sortedTitles.add(book.titleKey);
    }
    this.farWords.clear();
  }

  /** Takes a book out (it left the catalogue, or is about to be put again). */
  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    this.generation += 1;
    this.numbers.delete(id);
    this.alive[number] = 0;
    this.holes += 1;
    for (const word of this.wordsOf[number]!) {
      const count = (this.known.get(word) ?? 1) - 1;
      if (count <= 0) this.known.delete(word);
      else this.known.set(word, count);
    }
    this.wordsOf[number] = [];
    this.farWords.clear();
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

  /** Books (alive) whose title key starts with the prefix. */
  titlesStartingWith(prefix: string): number[] {
    const found: number[] = [];
    for (const key of this.sortedTitles.startingWith(prefix))
      for (const number of this.titleBooks.get(key) ?? []) if (this.alive[number] === 1) found.push(number);
    return found;
  }
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
  let at = 0;
  while (at < vector.length) {
    if (vector[at] !== "'") {
      at += 1;
      continue;
    }
    let lexeme = '';
    at += 1;
    while (at < vector.length) {
      if (vector[at] === "'") {
        if (vector[at + 1] === "'") {
          lexeme += "'";
          at += 2;
          continue;
        }
        break;
      }
      lexeme += vector[at];
      at += 1;
    }
    at += 1;
    // ts_rank's sum over the positions (calc_rank_or): the best weight, plus each position's weight
    // divided by the square of its place in the list, scaled by 1/zeta(2).
    const weights: number[] = [];
    if (vector[at] === ':') {
      at += 1;
      while (at < vector.length && vector[at] !== ' ') {
        const next = /^(\d+)([ABCD]?)/.exec(vector.slice(at, at + 12));
        if (!next) {
          at += 1;
          continue;
        }
        weights.push(WEIGHTS['DCBA'.indexOf(next[2] || 'D')]!);
        at += next[0].length;
      }
    }
    if (weights.length === 0) weights.push(WEIGHTS[0]!);
    let sum = 0;
    let best = -1;
    let bestAt = 0;
    weights.forEach((weight, place) => {
      sum += weight / ((place + 1) * (place + 1));
      if (weight > best) {
        best = weight;
        bestAt = place;
      }
    });
    found.set(lexeme, (best + sum - best / ((bestAt + 1) * (bestAt + 1))) / 1.64493406685);
  }
  return found;
}
