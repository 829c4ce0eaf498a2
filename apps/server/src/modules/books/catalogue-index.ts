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

/** Growable typed arrays (capacity doubled as books are added). */
function grown<T extends Float64Array | Int32Array | Uint8Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2, 1_024));
  bigger.set(array);
  return bigger;
}

export class CatalogueIndex {
  // Per book number (typed arrays hold numbers without a heap object each; their length is a capacity:
  // ids.length is the number of books).
  readonly ids: string[] = [];
  alive = new Uint8Array(0);
  createdAt = new Float64Array(0);
  priceCents = new Int32Array(0);
  /** The category's number (in categoryNames) per book: counted in a typed array, compared as numbers. */
  categoryOf = new Int32Array(0);
  rating = new Float64Array(0);
  reviewCount = new Int32Array(0);
  readonly titleKey: string[] = [];
  readonly titleLower: string[] = [];
  readonly authorLower: string[] = [];
  /** Title, author, category and tags as one folded text (phrases are checked in it). */
  readonly text: string[] = [];
  /** The book's lexemes are bookLexemes[lexemesFrom[book]] up to lexemesFrom[book + 1] (exclusive). */
  lexemesFrom = new Int32Array(1);
  /** Every book's lexeme numbers, one book after the other (their weights are in the postings). */
  bookLexemes = new Int32Array(0);
  private lexemeCount = 0;
  readonly categoryNames: string[] = [];
  private readonly categoryNumbers = new Map<string, number>();
  /** Membership arrays and rank buffers lent to one search at a time (searches are synchronous). */
  readonly scratch: { marks: Uint8Array[]; ranks: Float64Array[] } = { marks: [], ranks: [] };
  // Per lexeme number.
  readonly lexemes: string[] = [];
  /**
   * The postings, compacted: lexeme l's books are postingBooks[postingFrom[l]] up to postingFrom[l + 1]
   * (for the lexemes compacted so far, l < postingFrom.length - 1), the weight of each in its book
   * weights[postingCodes[at]] (the distinct weights are few: one table, a small code per posting).
   */
  postingFrom = new Int32Array(1);
  postingBooks = new Int32Array(0);
  postingCodes: Uint16Array | Uint32Array = new Uint16Array(0);
  /** Postings added since the last compaction, per lexeme: book, weight code, book, weight code... */
  morePostings: (number[] | undefined)[] = [];
  private morePostingCount = 0;
  readonly weights: number[] = [];
  private readonly weightCodes = new Map<number, number>();
  private readonly lexemeNumbers = new Map<string, number>();
  private readonly sortedLexemes = new SortedStrings();
  /** Book numbers in title key order (then number), as of the last compaction; dead ones are skipped. */
  private titleOrder = new Int32Array(0);
  /** Books added since the last compaction (their titles are searched one by one). */
  private titlesAdded: number[] = [];
  private readonly numbers = new Map<string, number>();
  /** One copy of each author's name in lower case, however many books have it. */
  private readonly authors = new Map<string, string>();
  /** Known words (as written, with a letter, 2-40 characters) and how many books have each. */
  readonly known = new Map<string, number>();
  private holes = 0;
  private settled = false;
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
    const length = number + 1;
    this.alive = grown(this.alive, length);
    this.createdAt = grown(this.createdAt, length);
    this.priceCents = grown(this.priceCents, length);
    this.categoryOf = grown(this.categoryOf, length);
    this.rating = grown(this.rating, length);
    this.reviewCount = grown(this.reviewCount, length);
    this.lexemesFrom = grown(this.lexemesFrom, length + 1);
    this.numbers.set(book.id, number);
    this.ids.push(book.id);
    this.alive[number] = 1;
    this.createdAt[number] = book.createdAt;
    this.priceCents[number] = book.priceCents;
    let categoryNumber = this.categoryNumbers.get(book.category);
    if (categoryNumber === undefined) {
      categoryNumber = this.categoryNames.length;
      this.categoryNumbers.set(book.category, categoryNumber);
      this.categoryNames.push(book.category);
    }
    this.categoryOf[number] = categoryNumber;
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
    this.rating[number] = book.reviewCount > 0 ? book.ratingTotal / book.reviewCount : -1;
    this.reviewCount[number] = book.reviewCount;
    const vector = parseVector(book.vector);
    this.bookLexemes = grown(this.bookLexemes, this.lexemeCount + vector.size);
    for (const [lexeme, weight] of vector) {
      let lexemeNumber = this.lexemeNumbers.get(lexeme);
      if (lexemeNumber === undefined) {
        lexemeNumber = this.lexemes.length;
        this.lexemeNumbers.set(lexeme, lexemeNumber);
        this.lexemes.push(lexeme);
        this.morePostings.push(undefined);
        this.sortedLexemes.add(lexeme);
      }
      let code = this.weightCodes.get(weight);
      if (code === undefined) {
        code = this.weights.length;
        this.weightCodes.set(weight, code);
        this.weights.push(weight);
      }
      const more = this.morePostings[lexemeNumber];
      if (more) more.push(number, code);
      else this.morePostings[lexemeNumber] = [number, code];
      this.morePostingCount += 1;
      this.bookLexemes[this.lexemeCount++] = lexemeNumber;
    }
    this.lexemesFrom[number + 1] = this.lexemeCount;
    if (this.prefixes.size > 0) this.prefixes.clear();
    for (const word of knownWordsOf(folded)) this.known.set(word, (this.known.get(word) ?? 0) + 1);
    this.titlesAdded.push(number);
    if (this.nearWords.size > 0) this.nearWords.clear();
    // Once settled, compacted again when the additions pass an eighth of the whole (as SortedStrings
    // sorts); a build compacts once, when it settles.
    if (this.settled && this.titlesAdded.length > Math.max(4_096, this.titleOrder.length >>> 3)) this.compact();
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

  /** Sorts and compacts what was added since the last call (after a build, so searches start on it). */
  settle(): void {
    this.settled = true;
    this.sortedLexemes.settle();
    this.compact();
  }

  /** The postings and title order of the books added since the last compaction, merged in. */
  private compact(): void {
    if (this.morePostingCount > 0) {
      const lexemes = this.lexemes.length;
      const oldFrom = this.postingFrom;
      const oldLexemes = oldFrom.length - 1;
      const total = this.postingBooks.length + this.morePostingCount;
      const from = new Int32Array(lexemes + 1);
      const books = new Int32Array(total);
      const codes = this.weights.length > 0xffff ? new Uint32Array(total) : new Uint16Array(total);
      let at = 0;
      for (let lexeme = 0; lexeme < lexemes; lexeme += 1) {
        from[lexeme] = at;
        if (lexeme < oldLexemes) {
          const [start, end] = [oldFrom[lexeme]!, oldFrom[lexeme + 1]!];
          books.set(this.postingBooks.subarray(start, end), at);
          codes.set(this.postingCodes.subarray(start, end), at);
          at += end - start;
        }
        const more = this.morePostings[lexeme];
        if (more)
          for (let pair = 0; pair < more.length; pair += 2) {
            books[at] = more[pair]!;
            codes[at] = more[pair + 1]!;
            at += 1;
          }
      }
      from[lexemes] = at;
      this.postingFrom = from;
      this.postingBooks = books;
      this.postingCodes = codes;
      this.morePostings = new Array<number[] | undefined>(lexemes).fill(undefined);
      this.morePostingCount = 0;
    }
    if (this.titlesAdded.length > 0) {
      const added = this.titlesAdded.sort(this.titleOrdered);
      const old = this.titleOrder;
      const merged = new Int32Array(old.length + added.length);
      let [a, b, at] = [0, 0, 0];
      while (a < old.length || b < added.length)
        merged[at++] =
          b >= added.length || (a < old.length && this.titleOrdered(old[a]!, added[b]!) < 0) ? old[a++]! : added[b++]!;
      this.titleOrder = merged;
      this.titlesAdded = [];
    }
  }

  lexemeNumber(lexeme: string): number | undefined {
    return this.lexemeNumbers.get(lexeme);
  }

  /** How many books have the lexeme (dead ones included). */
  postingCount(lexeme: number): number {
    const compacted =
      lexeme < this.postingFrom.length - 1 ? this.postingFrom[lexeme + 1]! - this.postingFrom[lexeme]! : 0;
    return compacted + (this.morePostings[lexeme]?.length ?? 0) / 2;
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

  /** Title key order, then book number. */
  private readonly titleOrdered = (a: number, b: number): number => {
    const [x, y] = [this.titleKey[a]!, this.titleKey[b]!];
    return x < y ? -1 : x > y ? 1 : a - b;
  };

  /** Where the books whose title key starts with the prefix begin in titleOrder. */
  private firstTitleAt(prefix: string): number {
    let low = 0;
    let high = this.titleOrder.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.titleKey[this.titleOrder[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** At most `count` books (alive) whose title key starts with the prefix, in title key order. */
  firstTitlesStartingWith(prefix: string, count: number): number[] {
    const found: number[] = [];
    const order = this.titleOrder;
    for (let at = this.firstTitleAt(prefix); at < order.length && found.length < count; at += 1) {
      const book = order[at]!;
      if (!this.titleKey[book]!.startsWith(prefix)) break;
      if (this.alive[book] === 1) found.push(book);
    }
    // Books added since the last compaction may come before the last one read: they are merged in.
    const added = this.titlesAdded.filter((book) => this.alive[book] === 1 && this.titleKey[book]!.startsWith(prefix));
    if (added.length === 0) return found;
    return [...found, ...added].sort(this.titleOrdered).slice(0, count);
  }

  /** Books (alive) whose title key starts with the prefix. */
  titlesStartingWith(prefix: string): number[] {
    const found: number[] = [];
    const order = this.titleOrder;
    for (let at = this.firstTitleAt(prefix); at < order.length; at += 1) {
      const book = order[at]!;
      if (!this.titleKey[book]!.startsWith(prefix)) break;
      if (this.alive[book] === 1) found.push(book);
    }
    for (const book of this.titlesAdded)
      if (this.alive[book] === 1 && this.titleKey[book]!.startsWith(prefix)) found.push(book);
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
