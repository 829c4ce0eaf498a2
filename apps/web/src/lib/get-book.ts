/**
 * GET /api/books/{id}: one book, as the catalogue shows it and as the book form edits it. One key for
 * both, so the cache is shared.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  return api.get<Book>(`/books/${encodeURIComponent(id)}`, { signal });
}

export const getBookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.books.detail(id),
    queryFn: ({ signal }) => getBook(id, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useBook(id: string) {
  return useQuery(getBookQueryOptions(id));
}

/** The book being edited: fetched afresh, since an edit form must start from the stored values. */
export function useBookForEdit(id: string | undefined) {
  return useQuery({ ...getBookQueryOptions(id ?? ''), staleTime: 0, enabled: Boolean(id) });
}
