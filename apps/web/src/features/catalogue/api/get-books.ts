import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookListQuery, BookListResponse, BookType } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface BooksQuery {
  page: number;
  limit: number;
  q?: string;
  category?: string;
  type?: BookType;
  sort?: BookListQuery['sort'];
}

/** GET /api/books: one page of the public catalogue, searched and filtered by the server, with facets. */
export function getBooks(query: BooksQuery, signal?: AbortSignal): Promise<BookListResponse> {
  return api.get<BookListResponse>('/books', {
    query: {
      page: query.page,
      limit: query.limit,
      q: query.q,
      category: query.category,
      type: query.type,
      sort: query.sort,
    },
    signal,
  });
}

export const getBooksQueryOptions = (query: BooksQuery) =>
  queryOptions({
    queryKey: queryKeys.books.list(query),
    queryFn: ({ signal }) => getBooks(query, signal),
    staleTime: 30_000,
    // Keep the previous page on screen while the next one loads: no flash, no layout shift.
    placeholderData: keepPreviousData,
  });

export function useBooks(query: BooksQuery) {
  return useQuery(getBooksQueryOptions(query));
}
