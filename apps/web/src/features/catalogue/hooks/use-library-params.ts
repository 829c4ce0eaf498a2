import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOOK_TYPES, type BookType } from '@ebook/shared';

/** The library's orders; '' is the server's default (newest first, or best match for a search). */
export const LIBRARY_SORTS = ['', 'newest', 'price-asc', 'price-desc', 'rating'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export interface LibraryParams {
  q: string;
  type: BookType;
  category: string;
  sort: LibrarySort;
  page: number;
}

/** Reads the library's state from the address (#/library?q=…&type=…&category=…&sort=…&page=…). */
export function parseLibraryParams(search: URLSearchParams): LibraryParams {
  const type = search.get('type') ?? '';
  const page = Number(search.get('page'));
  const sort = search.get('sort') ?? '';
  return {
    q: (search.get('q') ?? '').trim(),
    type: (BOOK_TYPES as readonly string[]).includes(type) ? (type as BookType) : 'all',
    category: (search.get('category') ?? '').trim(),
    sort: (LIBRARY_SORTS as readonly string[]).includes(sort) ? (sort as LibrarySort) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the state back, leaving defaults out so a plain #/library stays plain. */
export function toLibrarySearch(params: LibraryParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type !== 'all') search.set('type', params.type);
  if (params.category) search.set('category', params.category);
  if (params.sort) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/**
 * The library's search, type, category, order and page, kept in the address so a reload or a shared link
 * shows the same results. Any change other than the page goes back to page 1.
 */
export function useLibraryParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseLibraryParams(search), [search]);

  const update = useCallback(
    (change: Partial<LibraryParams>, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const previous = parseLibraryParams(current);
          const next = { ...previous, ...change };
          if (change.page === undefined) next.page = 1;
          return toLibrarySearch(next);
        },
        { replace: options.replace },
      );
    },
    [setSearch],
  );

  return { params, update };
}
