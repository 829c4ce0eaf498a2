/**
 * The index's compact storage: books added after a compaction (kept aside until the next one) and books
 * compacted in several steps are found, ranked and listed by title exactly as when every book went
 * into one compaction.
 */
import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedBook } from './catalogue-index.js';
import { listFromIndex, suggestFromIndex } from './catalogue-index-search.js';

const ADJECTIVES = ['quiet', 'silver', 'broken', 'hidden', 'golden', 'winter'];
const NOUNS = ['river', 'garden', 'house', 'letters', 'harbour', 'mountain', 'orchard'];
const AUTHORS = ['Ann Smith', 'Bo Chen', 'Cara Diaz'];

function book(n: number): IndexedBook {
  const [adjective, noun] = [ADJECTIVES[(n * 7) % ADJECTIVES.length]!, NOUNS[(n * 13) % NOUNS.length]!];
  const author = AUTHORS[n % AUTHORS.length]!;
  const [first, last] = author.toLowerCase().split(' ');
  const title = `${adjective[0]!.toUpperCase()}${adjective.slice(1)} ${noun} ${n}`;
  // A weight per title position that depends on the book, so the ranks differ.
  const extra = n % 4 === 0 ? `,${4 + (n % 5)}A` : '';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    createdAt: 1_700_000_000_000 + (n % 97) * 60_000,
    priceCents: n % 3 === 0 ? 0 : 499,
    category: n % 2 === 0 ? 'Fiction' : 'History',
    title,
    author,
    tags: 'bench',
    titleKey: title.toLowerCase(),
    reviewCount: n % 5,
    ratingTotal: (n % 5) * 4,
    vector: `'${adjective}':1A${extra} '${noun}':2A '${n}':3A '${first}':4B '${last}':5B '${n % 2 === 0 ? 'fiction' : 'histori'}':6C 'bench':7C`,
  };
}

const QUERIES = [
  'quiet',
  'river',
  'silver garden',
  'smith',
  'gold',
  'winter orch',
  'hidden -house',
  'Broken Letters 1',
];

/** Listings and suggestions (without the books containing the words: ties there go by book number). */
function answers(index: CatalogueIndex, byNumber = true) {
  return QUERIES.flatMap((q) =>
    (['relevance', 'title', 'newest'] as const).map((sort) => ({
      q,
      sort,
      ...listFromIndex(index, { q, type: 'all', category: undefined, sort, offset: 0, limit: 12 }),
      suggested: byNumber ? suggestFromIndex(index, q, 6, 20) : suggestFromIndex(index, q, 6, 20).starting,
    })),
  );
}

describe('the index kept compact', () => {
  it('answers the same whether books were compacted at once, in steps or not yet', () => {
    const count = 12_000;
    const once = new CatalogueIndex();
    for (let n = 0; n < count; n += 1) once.put(book(n));
    // Some books replaced and some removed, in each index alike.
    const change = (index: CatalogueIndex) => {
      for (let n = 0; n < count; n += 97)
        index.put({ ...book(n), title: `Quiet river ${n}`, titleKey: `quiet river ${n}` });
      for (let n = 5; n < count; n += 89) index.remove(book(n).id);
    };
    change(once);
    once.settle();

    // Settled early, then compacted on its own as books come (every eighth, once settled), then
    // changed without a settle.
    const steps = new CatalogueIndex();
    for (let n = 0; n < 2_000; n += 1) steps.put(book(n));
    steps.settle();
    for (let n = 2_000; n < count; n += 1) steps.put(book(n));
    change(steps);

    // Put in the opposite order and never compacted.
    const reversed = new CatalogueIndex();
    for (let n = count - 1; n >= 0; n -= 1) reversed.put(book(n));
    change(reversed);

    expect(steps.size).toBe(once.size);
    expect(reversed.size).toBe(once.size);
    expect(answers(reversed, false)).toEqual(answers(once, false));
    expect(answers(steps)).toEqual(answers(once));
    steps.settle();
    expect(answers(steps)).toEqual(answers(once));
    expect(answers(once).every((answer) => answer.total > 0)).toBe(true);
  });
});
