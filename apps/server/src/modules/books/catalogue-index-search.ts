/**
 * A catalogue search answered from the in-memory index (catalogue-index.ts), by the rules of the
 * database query it stands in for (books-search.service.ts, docs/search.md): the exact query
 * (web-search syntax: phrases, `or`, `-excluded`) OR-ed with the forgiving one (every word as itself,
 * as a prefix, or as a known word within its typo budget), the same precision rules (stop words only,
 * one unknown word dropped only when what remains is specific, common words and one or two letters as
 * the start of a title) and the same ranking tiers (title typed, title starting so, author typed,
 * exact match, then the weight of the matched words, newest first on ties).
 *
 * Typed words are stemmed as PostgreSQL's English configuration does (Snowball English, its stop words);
 * the books' lexemes are PostgreSQL's own (read from search_vector).
 */
import type { BookListQuery, BookType } from '@ebook/shared';
import editDistance from 'damerau-levenshtein';
import stem from 'wink-porter2-stemmer';
import { parseSearch, titleKey, typoBudget } from './books-search.service.js';
import { fold, type CatalogueIndex } from './catalogue-index.js';

/** PostgreSQL's English stop words (share/tsearch_data/english.stop, Snowball's list). */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
  it its itself they them their theirs themselves what which who whom this that these those am is are was were be
  been being have has had having do does did doing a an the and but if or because as until while of at by for with
  about against between into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such no nor not only
  own same so than too very s t can will just don should now`.split(/\s+/),
);

const NEGATED = /(?:^|\s)-("[^"]*"|\S+)/g;
const MIN_PREFIX_LENGTH = 3;
const NEAREST_PER_WORD = 4;
const HAS_DIGIT = /\p{N}/u;

/** Lexeme numbers a book may have for a term to match (any of them). */
type Term = Set<number>;

interface Item {
  /** PostgreSQL's lexemes of the item's words (its operands in the tsquery). */
  lexemes: string[];
  terms: Term[];
  /** A phrase: its words must also stand together in the book's title, author, category or tags. */
  phrase?: string;
  negated: boolean;
}

/** What PostgreSQL's English configuration makes of one word: undefined for a stop word. */
export function englishLexeme(word: string): string | undefined {
  if (HAS_DIGIT.test(word)) return word;
  if (STOP_WORDS.has(word)) return undefined;
  return stem(word);
}

/** `websearch_to_tsquery('english', q)` as clauses OR-ed together, each a list of items AND-ed. */
function parseWebsearch(index: CatalogueIndex, q: string): Item[][] {
  const clauses: Item[][] = [[]];
  for (const match of q.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const token = match[3];
    if (token !== undefined && token.toLowerCase() === 'or') {
      clauses.push([]);
      continue;
    }
    const negated = match[1] === '-' || (token !== undefined && token.length > 1 && token.startsWith('-'));
    const text = fold(token === undefined ? match[2]! : negated ? token.slice(1) : token);
    const lexemes = text.split(' ').flatMap((word) => {
      const lexeme = word.length > 0 ? englishLexeme(word) : undefined;
      return lexeme === undefined ? [] : [lexeme];
    });
    if (lexemes.length === 0) continue;
    const terms = lexemes.map((lexeme) => new Set(lexemeNumbers(index, [lexeme])));
    clauses.at(-1)!.push({ lexemes, terms, phrase: lexemes.length > 1 ? ` ${text} ` : undefined, negated });
  }
  return clauses.filter((clause) => clause.length > 0);
}

function lexemeNumbers(index: CatalogueIndex, lexemes: string[]): number[] {
  return lexemes.flatMap((lexeme) => {
    const number = index.lexemeNumber(lexeme);
    return number === undefined ? [] : [number];
  });
}

/**
 * The tsquery's operands for ts_rank: each lexeme once (PostgreSQL keeps one operand per string), as a
 * prefix or whole as first written.
 */
type Operands = Map<string, Term>;

function addOperand(index: CatalogueIndex, operands: Operands, lexeme: string, prefix: boolean): void {
  if (operands.has(lexeme)) return;
  operands.set(lexeme, new Set(prefix ? index.lexemesStartingWith(lexeme) : lexemeNumbers(index, [lexeme])));
}

/**
 * Book numbers, each once, in the order added, with a membership array lent by the index (a search
 * touches only the books it finds, whatever the catalogue's size). release() clears it and gives it back.
 */
class BookSet {
  readonly list: number[] = [];
  private readonly member: Uint8Array;

  constructor(private readonly index: CatalogueIndex) {
    const lent = index.scratch.marks.pop();
    this.member = lent && lent.length >= index.ids.length ? lent : new Uint8Array(index.ids.length + 1_024);
  }

  add(book: number): void {
    if (this.member[book] === 0) {
      this.member[book] = 1;
      this.list.push(book);
    }
  }

  has(book: number): boolean {
    return this.member[book] === 1;
  }

  get size(): number {
    return this.list.length;
  }

  release(): void {
    for (const book of this.list) this.member[book] = 0;
    this.index.scratch.marks.push(this.member);
  }
}

/**
 * ts_rank (no normalisation) of every book found, in the order of books.list: each operand's weight in
 * the book, averaged over the operands. Read from the postings of the operands' lexemes, not from each
 * book's lexemes, into a buffer lent by the index.
 */
function tsRanks(index: CatalogueIndex, books: BookSet, operands: Operands): Float64Array {
  const found = new Float64Array(books.size);
  if (operands.size === 0 || books.size === 0) return found;
  const lent = index.scratch.ranks.pop();
  const ranks = lent && lent.length >= index.ids.length ? lent : new Float64Array(index.ids.length + 1_024);
  const { postingBooks, postingCodes, postingFrom, weights } = index;
  const compacted = postingFrom.length - 1;
  for (const term of operands.values())
    for (const lexeme of term) {
      if (lexeme < compacted)
        for (let at = postingFrom[lexeme]!, end = postingFrom[lexeme + 1]!; at < end; at += 1) {
          const book = postingBooks[at]!;
          if (books.has(book)) ranks[book] = ranks[book]! + weights[postingCodes[at]!]! / operands.size;
        }
      const more = index.morePostings[lexeme];
      if (more)
        for (let at = 0; at < more.length; at += 2) {
          const book = more[at]!;
          if (books.has(book)) ranks[book] = ranks[book]! + weights[more[at + 1]!]! / operands.size;
        }
    }
  const list = books.list;
  for (let at = 0; at < list.length; at += 1) {
    found[at] = ranks[list[at]!]!;
    ranks[list[at]!] = 0;
  }
  index.scratch.ranks.push(ranks);
  return found;
}

/** Whether the book has one of the term's lexemes. */
function hasTerm(index: CatalogueIndex, book: number, term: Term): boolean {
  const lexemes = index.bookLexemes;
  const end = index.lexemesFrom[book + 1]!;
  for (let at = index.lexemesFrom[book]!; at < end; at += 1) if (term.has(lexemes[at]!)) return true;
  return false;
}

function itemMatches(index: CatalogueIndex, book: number, item: Item): boolean {
  for (const term of item.terms) if (!hasTerm(index, book, term)) return false;
  return item.phrase === undefined || index.text[book]!.includes(item.phrase);
}

/** Books having every term (alive), read from the postings of the rarest. */
function booksWithAll(index: CatalogueIndex, terms: Term[]): number[] {
  if (terms.length === 0) return [];
  let rarest: Term | undefined;
  let rarestSize = Infinity;
  for (const term of terms) {
    let size = 0;
    for (const lexeme of term) size += index.postingCount(lexeme);
    if (size < rarestSize) {
      rarest = term;
      rarestSize = size;
    }
  }
  const found = new BookSet(index);
  const { postingBooks, postingFrom, alive } = index;
  const compacted = postingFrom.length - 1;
  for (const lexeme of rarest!) {
    if (lexeme < compacted)
      for (let at = postingFrom[lexeme]!, end = postingFrom[lexeme + 1]!; at < end; at += 1) {
        const book = postingBooks[at]!;
        if (alive[book] === 1) found.add(book);
      }
    const more = index.morePostings[lexeme];
    if (more) for (let at = 0; at < more.length; at += 2) if (alive[more[at]!] === 1) found.add(more[at]!);
  }
  found.release();
  const others = terms.filter((term) => term !== rarest);
  if (others.length === 0) return found.list;
  return found.list.filter((book) => others.every((term) => hasTerm(index, book, term)));
}

function allBooks(index: CatalogueIndex): number[] {
  const found: number[] = [];
  for (let book = 0; book < index.ids.length; book += 1) if (index.alive[book] === 1) found.push(book);
  return found;
}

/** Books matching the exact query (the caller releases the set). */
function exactBooks(index: CatalogueIndex, clauses: Item[][]): BookSet {
  const found = new BookSet(index);
  for (const clause of clauses) {
    const positive = clause.filter((item) => !item.negated);
    const negative = clause.filter((item) => item.negated);
    const candidates =
      positive.length === 0
        ? allBooks(index)
        : booksWithAll(
            index,
            positive.flatMap((item) => item.terms),
          );
    for (const book of candidates) {
      if (positive.some((item) => item.phrase !== undefined && !itemMatches(index, book, item))) continue;
      if (negative.some((item) => itemMatches(index, book, item))) continue;
      found.add(book);
    }
  }
  return found;
}

interface TypedWord {
  word: string;
  stop: boolean;
  near: string[];
}

/** A typed word: a stop word, or the known words it may stand for (itself, or within its typo budget). */
function typedWord(index: CatalogueIndex, word: string): TypedWord {
  if (STOP_WORDS.has(word)) return { word, stop: true, near: [] };
  if (index.known.has(word)) return { word, stop: false, near: [word] };
  return { word, stop: false, near: nearestKnownWords(index, word) };
}

/**
 * The known words one edit away (insertion, deletion, substitution, swap of neighbours): the strings
 * books-search.service.ts's oneEditAway lists, each looked up as it is made, without gathering them.
 */
function knownOneEditAway(known: Map<string, number>, word: string): string[] {
  const letters = [...new Set([...'abcdefghijklmnopqrstuvwxyz', ...word])];
  const chars = [...word];
  const found = new Set<string>();
  const check = (candidate: string) => {
    if (known.has(candidate)) found.add(candidate);
  };
  let before = '';
  for (let at = 0; at <= chars.length; at += 1) {
    const after = chars.slice(at).join('');
    for (const letter of letters) check(before + letter + after);
    if (at < chars.length) {
      const rest = chars.slice(at + 1).join('');
      check(before + rest);
      for (const letter of letters) check(before + letter + rest);
      if (at < chars.length - 1) check(before + chars[at + 1] + chars[at] + chars.slice(at + 2).join(''));
      before += chars[at];
    }
  }
  found.delete(word);
  return [...found];
}

/** The known words a typed word no book has may stand for (remembered per word until the next change). */
function nearestKnownWords(index: CatalogueIndex, word: string): string[] {
  let near = index.nearWords.get(word);
  if (!near) {
    near = findNearestKnownWords(index, word);
    if (index.nearWords.size >= 50_000) index.nearWords.clear();
    index.nearWords.set(word, near);
  }
  return near;
}

function findNearestKnownWords(index: CatalogueIndex, word: string): string[] {
  const budget = typoBudget(word);
  if (budget === 0) return [];
  const oneAway = knownOneEditAway(index.known, word)
    .sort((a, b) => index.known.get(b)! - index.known.get(a)! || (a < b ? -1 : 1))
    .slice(0, NEAREST_PER_WORD);
  if (oneAway.length > 0 || budget < 2) return oneAway;
  const far: { known: string; steps: number }[] = [];
  for (const known of index.known.keys()) {
    if (Math.abs(known.length - word.length) > 2 || known[0] !== word[0]) continue;
    const steps = editDistance(word, known).steps;
    if (steps <= 2) far.push({ known, steps });
  }
  return far
    .sort((a, b) => a.steps - b.steps || (a.known < b.known ? -1 : 1))
    .slice(0, NEAREST_PER_WORD)
    .map((candidate) => candidate.known);
}

/** The operands of `to_tsquery('english', terms) || to_tsquery('simple', terms)` for one typed word. */
function addForgivingOperands(index: CatalogueIndex, operands: Operands, word: TypedWord, prefix: boolean): void {
  for (const [text, asPrefix] of [[word.word, prefix] as const, ...word.near.map((near) => [near, false] as const)]) {
    const english = englishLexeme(text);
    if (english !== undefined) addOperand(index, operands, english, asPrefix);
  }
  for (const [text, asPrefix] of [[word.word, prefix] as const, ...word.near.map((near) => [near, false] as const)])
    addOperand(index, operands, text, asPrefix);
}

/** The term one typed word stands for: stemmed or as written, as a prefix or whole, or a near word. */
function forgivingTerm(index: CatalogueIndex, word: TypedWord, prefix: boolean): Term {
  const term = new Set<number>();
  const english = englishLexeme(word.word);
  if (prefix) {
    if (english !== undefined) for (const number of index.lexemesStartingWith(english)) term.add(number);
    for (const number of index.lexemesStartingWith(word.word)) term.add(number);
  }
  for (const near of [word.word, ...word.near]) {
    const stemmed = englishLexeme(near);
    for (const number of lexemeNumbers(index, stemmed === undefined ? [near] : [stemmed, near])) term.add(number);
  }
  return term;
}

/** Books found and their ranks (parallel arrays; a higher rank comes first). */
export interface Ranked {
  books: number[];
  ranks: Float64Array;
}

function ranked(books: number[], rankOf: (book: number, at: number) => number): Ranked {
  const ranks = new Float64Array(books.length);
  for (let at = 0; at < books.length; at += 1) ranks[at] = rankOf(books[at]!, at);
  return { books, ranks };
}

/** Matching books and their rank (higher first). */
export function searchCatalogueIndex(index: CatalogueIndex, q: string): Ranked {
  const { words, negated } = parseSearch(q);
  const clauses = parseWebsearch(index, q);
  const key = titleKey(q.replace(NEGATED, ' '));
  const found = words.map((word) => typedWord(index, word));
  const negatedItems = negated.length > 0 ? parseWebsearch(index, negated.map((term) => `-${term}`).join(' ')) : [];
  const excluded = (book: number) =>
    negatedItems.some((clause) => clause.some((item) => itemMatches(index, book, item)));

  if (found.length > 0 && found.every((word) => word.stop)) {
    const books = new Set(index.titlesStartingWith(key).filter((book) => index.titleKey[book] === key));
    if (key.includes(' ')) for (const book of index.titlesStartingWith(key)) books.add(book);
    return ranked(
      [...books].filter((book) => !excluded(book)),
      (book) => (index.titleKey[book] === key ? 12 : 4),
    );
  }
  const unknown = found.filter((word) => !word.stop && word.near.length === 0);
  const dropped = words.length >= 3 && unknown.length === 1 && unknown[0] !== found.at(-1) ? unknown[0] : undefined;
  const meaningfulLeft = found.filter((word) => word !== dropped && !word.stop).length;
  const titleStart =
    dropped && meaningfulLeft < 2
      ? titleKey(found.flatMap((word) => (word === dropped ? [] : [word.word])).join(' '))
      : undefined;
  // One or two letters after other words are checked on the books those words found (below): the
  // lexemes starting with them (thousands) are not gathered.
  const lastWord = found.at(-1)!;
  const earlier = found.slice(0, -1);
  const skipLast =
    earlier.length > 0 &&
    !lastWord.stop &&
    lastWord.word.length < MIN_PREFIX_LENGTH &&
    (earlier.every((word) => word.stop) || earlier.some((word) => word !== dropped && !word.stop));
  const groups = found.flatMap((word, at) => {
    if (word === dropped || word.stop) return [];
    if (skipLast && at === found.length - 1) return [new Set<number>()];
    const prefix = at === found.length - 1 || word.word.length >= MIN_PREFIX_LENGTH;
    return [forgivingTerm(index, word, prefix)];
  });
  const exactOperands: Operands = new Map();
  for (const item of clauses.flat()) for (const lexeme of item.lexemes) addOperand(index, exactOperands, lexeme, false);
  const exact = exactBooks(index, clauses);
  if (groups.length === 0) {
    const ranks = tsRanks(index, exact, exactOperands);
    exact.release();
    return { books: exact.list, ranks };
  }
  const titled = (book: number) =>
    key.length === 0
      ? 0
      : (index.titleKey[book] === key ? 8 : 0) +
        (index.titleKey[book]!.startsWith(key) ? 4 : 0) +
        (index.authorLower[book] === key ? 2 : 0);
  const last = found.at(-1)!;
  const shortTail = found.length >= 2 && !last.stop && last.word.length < MIN_PREFIX_LENGTH;
  if (shortTail && found.slice(0, -1).every((word) => word.stop)) {
    const books = new BookSet(index);
    for (const book of exact.list) books.add(book);
    for (const book of index.titlesStartingWith(key)) if (!excluded(book)) books.add(book);
    return rankAndRelease(index, books, exact, exactOperands, titled);
  }
  const rest = groups.slice(0, -1);
  const tail = shortTail && rest.length > 0 ? last.word : undefined;
  const forgivingGroups = tail !== undefined ? rest : groups;
  const either: Operands = new Map(exactOperands);
  found.forEach((word, at) => {
    if (word === dropped || word.stop || (tail !== undefined && at === found.length - 1)) return;
    addForgivingOperands(index, either, word, at === found.length - 1 || word.word.length >= MIN_PREFIX_LENGTH);
  });
  for (const item of negatedItems.flat()) for (const lexeme of item.lexemes) addOperand(index, either, lexeme, false);
  const books = new BookSet(index);
  for (const book of exact.list) books.add(book);
  for (const book of booksWithAll(index, forgivingGroups)) {
    if (excluded(book)) continue;
    if (tail !== undefined && !hasLexemeStartingWith(index, book, tail)) continue;
    if (titleStart !== undefined && !index.titleKey[book]!.startsWith(titleStart)) continue;
    books.add(book);
  }
  return rankAndRelease(index, books, exact, either, titled);
}

/** Each book's tier (title, exact match) plus its ts_rank; the two sets are given back to the index. */
function rankAndRelease(
  index: CatalogueIndex,
  books: BookSet,
  exact: BookSet,
  operands: Operands,
  titled: (book: number) => number,
): Ranked {
  const ranks = tsRanks(index, books, operands);
  const found = ranked(books.list, (book, at) => titled(book) + (exact.has(book) ? 1 : 0) + ranks[at]!);
  books.release();
  exact.release();
  return found;
}

function hasLexemeStartingWith(index: CatalogueIndex, book: number, prefix: string): boolean {
  const end = index.lexemesFrom[book + 1]!;
  for (let at = index.lexemesFrom[book]!; at < end; at += 1)
    if (index.lexemes[index.bookLexemes[at]!]!.startsWith(prefix)) return true;
  return false;
}

export interface IndexListQuery {
  q: string;
  type: BookType;
  category: string | undefined;
  sort: Exclude<BookListQuery['sort'], undefined>;
  offset: number;
  limit: number;
}

export interface IndexList {
  /** The page's book ids, in order. */
  ids: string[];
  total: number;
  categories: { name: string; count: number }[];
}

/** A page of search results, its total and the category counts, as listPublicBooks answers them. */
export function listFromIndex(index: CatalogueIndex, query: IndexListQuery): IndexList {
  const { books, ranks } = searchCatalogueIndex(index, query.q);
  // Counted per category number; the kept results are positions in books (and ranks).
  const counts = new Int32Array(index.categoryNames.length);
  const wanted = query.category === undefined ? -1 : index.categoryNames.indexOf(query.category);
  const kept: number[] = [];
  for (let at = 0; at < books.length; at += 1) {
    const book = books[at]!;
    const price = index.priceCents[book]!;
    if (query.type === 'free' ? price !== 0 : query.type === 'paid' ? price <= 0 : false) continue;
    const category = index.categoryOf[book]!;
    counts[category] = counts[category]! + 1;
    if (query.category === undefined || category === wanted) kept.push(at);
  }
  const categories: { name: string; count: number }[] = [];
  counts.forEach((count, category) => {
    if (count > 0) categories.push({ name: index.categoryNames[category]!, count });
  });
  categories.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const total = query.category === undefined ? kept.length : wanted >= 0 ? counts[wanted]! : 0;
  const newest = (a: number, b: number) =>
    index.createdAt[b]! - index.createdAt[a]! || (index.ids[b]! < index.ids[a]! ? -1 : 1);
  const order = comparator(index, query.sort, ranks, newest);
  const end = query.offset + query.limit;
  return {
    ids: topOf(kept, end, (a, b) => order(books[a]!, books[b]!, a, b))
      .slice(query.offset, end)
      .map((at) => index.ids[books[at]!]!),
    total,
    categories,
  };
}

/** Compares two books (numbers a and b), found at positions x and y of the search's results. */
type Compare = (a: number, b: number) => number;
type CompareFound = (a: number, b: number, x: number, y: number) => number;

function comparator(
  index: CatalogueIndex,
  sort: IndexListQuery['sort'],
  ranks: Float64Array,
  newest: Compare,
): CompareFound {
  switch (sort) {
    case 'relevance':
      return (a, b, x, y) => ranks[y]! - ranks[x]! || newest(a, b);
    case 'newest':
      return newest;
    case 'title':
      return (a, b) => {
        const [x, y] = [index.titleLower[a]!, index.titleLower[b]!];
        return x < y ? -1 : x > y ? 1 : newest(a, b);
      };
    case 'price-asc':
      return (a, b) => index.priceCents[a]! - index.priceCents[b]! || newest(a, b);
    case 'price-desc':
      return (a, b) => index.priceCents[b]! - index.priceCents[a]! || newest(a, b);
    case 'rating':
      // Best average first; unrated books (-1) last; among equals, the more reviewed.
      return (a, b) =>
        index.rating[b]! - index.rating[a]! || index.reviewCount[b]! - index.reviewCount[a]! || newest(a, b);
  }
}

/** The first `count` books in order: a full sort only when the page is deep or the list short. */
function topOf(books: number[], count: number, order: Compare): number[] {
  if (books.length <= count * 4 || count > 200) return books.sort(order);
  const top: number[] = [];
  for (const book of books) {
    if (top.length === count && order(book, top[count - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && order(book, top[at - 1]!) < 0) at -= 1;
    top.splice(at, 0, book);
    if (top.length > count) top.pop();
  }
  return top;
}

export interface IndexSuggestions {
  /** Books whose title starts with the text, in title order. */
  starting: string[];
  /** Books holding every word typed (the last as a prefix): the ones with the shortest titles. */
  containing: string[];
}

/**
 * Search as you type from the index, by the rules of books-suggest.service.ts: up to `max` titles
 * starting with the text (title key order); when fewer, and the text is more than one or two letters of
 * one word, the books whose lexemes hold every word typed (the last as a prefix), of which the `shortest`
 * with the shortest titles are kept (the caller reads them and orders them by title).
 */
export function suggestFromIndex(index: CatalogueIndex, q: string, max: number, shortest: number): IndexSuggestions {
  const key = titleKey(q);
  if (key.length === 0) return { starting: [], containing: [] };
  const starting = index.firstTitlesStartingWith(key, max);
  const words = key.split(' ');
  const ids = (books: number[]) => books.map((book) => index.ids[book]!);
  if (starting.length >= max || (words.length === 1 && key.length < 3))
    return { starting: ids(starting), containing: [] };
  const terms = words.map(
    (word, at) => new Set(at === words.length - 1 ? index.lexemesStartingWith(word) : lexemeNumbers(index, [word])),
  );
  const taken = new Set(starting);
  const shorter = (a: number, b: number) => index.titleLower[a]!.length - index.titleLower[b]!.length || a - b;
  const containing = topOf(
    booksWithAll(index, terms).filter((book) => !taken.has(book)),
    shortest,
    shorter,
  );
  return { starting: ids(starting), containing: ids(containing) };
}
