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
import { oneEditAway, parseSearch, titleKey, typoBudget } from './books-search.service.js';
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
 * ts_rank (no normalisation) of every book found: each operand's weight in the book, averaged over the
 * operands. Read from the postings of the operands' lexemes, not from each book's lexemes.
 */
function tsRanks(index: CatalogueIndex, books: Set<number>, operands: Operands): Map<number, number> {
  const ranks = new Map<number, number>();
  for (const book of books) ranks.set(book, 0);
  if (operands.size === 0) return ranks;
  for (const term of operands.values())
    for (const lexeme of term) {
      const postings = index.postings[lexeme]!;
      const weights = index.postingWeights[lexeme]!;
      for (let at = 0; at < postings.length; at += 1) {
        const rank = ranks.get(postings[at]!);
        if (rank !== undefined) ranks.set(postings[at]!, rank + weights[at]! / operands.size);
      }
    }
  return ranks;
}

/** The weight of the term in the book, summed over its lexemes (0: the book does not have it). */
function weightIn(index: CatalogueIndex, book: number, term: Term): number {
  const lexemes = index.lexemesOf[book]!;
  const weights = index.weightsOf[book]!;
  let total = 0;
  for (let at = 0; at < lexemes.length; at += 1) if (term.has(lexemes[at]!)) total += weights[at]!;
  return total;
}

function itemMatches(index: CatalogueIndex, book: number, item: Item): boolean {
  for (const term of item.terms) if (weightIn(index, book, term) === 0) return false;
  return item.phrase === undefined || index.text[book]!.includes(item.phrase);
}

/** Books having every term (alive), read from the postings of the rarest. */
function booksWithAll(index: CatalogueIndex, terms: Term[]): number[] {
  if (terms.length === 0) return [];
  let rarest: Term | undefined;
  let rarestSize = Infinity;
  for (const term of terms) {
    let size = 0;
    for (const lexeme of term) size += index.postings[lexeme]!.length;
    if (size < rarestSize) {
      rarest = term;
      rarestSize = size;
    }
  }
  const found = new Set<number>();
  for (const lexeme of rarest!)
    for (const book of index.postings[lexeme]!) if (index.alive[book] === 1) found.add(book);
  const others = terms.filter((term) => term !== rarest);
  return [...found].filter((book) => others.every((term) => weightIn(index, book, term) > 0));
}

function allBooks(index: CatalogueIndex): number[] {
  const found: number[] = [];
  for (let book = 0; book < index.alive.length; book += 1) if (index.alive[book] === 1) found.push(book);
  return found;
}

/** Books matching the exact query. */
function exactBooks(index: CatalogueIndex, clauses: Item[][]): Set<number> {
  const found = new Set<number>();
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

function nearestKnownWords(index: CatalogueIndex, word: string): string[] {
  const budget = typoBudget(word);
  if (budget === 0) return [];
  const oneAway = oneEditAway(word)
    .filter((candidate) => index.known.has(candidate))
    .sort((a, b) => index.known.get(b)! - index.known.get(a)! || (a < b ? -1 : 1))
    .slice(0, NEAREST_PER_WORD);
  if (oneAway.length > 0 || budget < 2) return oneAway;
  let far = index.farWords.get(word);
  if (!far) {
    far = [];
    for (const known of index.known.keys()) {
      if (Math.abs(known.length - word.length) > 2 || known[0] !== word[0]) continue;
      const steps = editDistance(word, known).steps;
      if (steps <= 2) far.push(known);
    }
    far = far
      .map((known) => ({ known, steps: editDistance(word, known).steps }))
      .sort((a, b) => a.steps - b.steps || (a.known < b.known ? -1 : 1))
      .slice(0, NEAREST_PER_WORD)
      .map((candidate) => candidate.known);
    index.farWords.set(word, far);
  }
  return far;
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

/** Matching books and their rank (higher first). */
export function searchCatalogueIndex(index: CatalogueIndex, q: string): Map<number, number> {
  const { words, negated } = parseSearch(q);
  const clauses = parseWebsearch(index, q);
  const key = titleKey(q.replace(NEGATED, ' '));
  const found = words.map((word) => typedWord(index, word));
  const negatedItems = negated.length > 0 ? parseWebsearch(index, negated.map((term) => `-${term}`).join(' ')) : [];
  const excluded = (book: number) =>
    negatedItems.some((clause) => clause.some((item) => itemMatches(index, book, item)));
  const ranked = new Map<number, number>();

  if (found.length > 0 && found.every((word) => word.stop)) {
    const books = new Set(index.titlesStartingWith(key).filter((book) => index.titleKey[book] === key));
    if (key.includes(' ')) for (const book of index.titlesStartingWith(key)) books.add(book);
    for (const book of books) if (!excluded(book)) ranked.set(book, index.titleKey[book] === key ? 12 : 4);
    return ranked;
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
    for (const [book, rank] of tsRanks(index, exact, exactOperands)) ranked.set(book, rank);
    return ranked;
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
    const books = new Set(exact);
    for (const book of index.titlesStartingWith(key)) if (!excluded(book)) books.add(book);
    for (const [book, rank] of tsRanks(index, books, exactOperands))
      ranked.set(book, titled(book) + (exact.has(book) ? 1 : 0) + rank);
    return ranked;
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
  const books = new Set(exact);
  for (const book of booksWithAll(index, forgivingGroups)) {
    if (excluded(book)) continue;
    if (tail !== undefined && !hasLexemeStartingWith(index, book, tail)) continue;
    if (titleStart !== undefined && !index.titleKey[book]!.startsWith(titleStart)) continue;
    books.add(book);
  }
  for (const [book, rank] of tsRanks(index, books, either))
    ranked.set(book, titled(book) + (exact.has(book) ? 1 : 0) + rank);
  return ranked;
}

function hasLexemeStartingWith(index: CatalogueIndex, book: number, prefix: string): boolean {
  for (const lexeme of index.lexemesOf[book]!) if (index.lexemes[lexeme]!.startsWith(prefix)) return true;
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
  const ranked = searchCatalogueIndex(index, query.q);
  const counts = new Map<string, number>();
  const kept: number[] = [];
  for (const book of ranked.keys()) {
    const price = index.priceCents[book]!;
    if (query.type === 'free' ? price !== 0 : query.type === 'paid' ? price <= 0 : false) continue;
    const category = index.category[book]!;
    counts.set(category, (counts.get(category) ?? 0) + 1);
    if (query.category === undefined || category === query.category) kept.push(book);
  }
  const categories = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const total = query.category === undefined ? kept.length : (counts.get(query.category) ?? 0);
  const newest = (a: number, b: number) =>
    index.createdAt[b]! - index.createdAt[a]! || (index.ids[b]! < index.ids[a]! ? -1 : 1);
  const order = comparator(index, query.sort, ranked, newest);
  const end = query.offset + query.limit;
  return {
    ids: topOf(kept, end, order)
      .slice(query.offset, end)
      .map((book) => index.ids[book]!),
    total,
    categories,
  };
}

type Compare = (a: number, b: number) => number;

function comparator(
  index: CatalogueIndex,
  sort: IndexListQuery['sort'],
  ranked: Map<number, number>,
  newest: Compare,
): Compare {
  switch (sort) {
    case 'relevance':
      return (a, b) => ranked.get(b)! - ranked.get(a)! || newest(a, b);
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
