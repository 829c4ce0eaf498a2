import { describe, expect, it } from 'vitest';
import { parseLibraryParams, toLibrarySearch } from './use-library-params';

describe('library address', () => {
  it('reads the state, falling back to defaults for missing or bad values', () => {
    expect(
      parseLibraryParams(new URLSearchParams('q=%20moby%20&type=paid&category=Sea&sort=price-asc&page=3')),
    ).toEqual({
      q: 'moby',
      type: 'paid',
      category: 'Sea',
      sort: 'price-asc',
      page: 3,
    });
    expect(parseLibraryParams(new URLSearchParams('type=cheap&sort=cheapest&page=-2'))).toEqual({
      q: '',
      type: 'all',
      category: '',
      sort: '',
      page: 1,
    });
    expect(parseLibraryParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('leaves defaults out of the address and round-trips the rest', () => {
    expect(toLibrarySearch({ q: '', type: 'all', category: '', sort: '', page: 1 }).toString()).toBe('');
    const state = {
      q: 'pride prejudise',
      type: 'free' as const,
      category: 'Food & Drink',
      sort: 'rating' as const,
      page: 2,
    };
    expect(parseLibraryParams(toLibrarySearch(state))).toEqual(state);
  });
});
