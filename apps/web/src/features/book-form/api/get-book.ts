import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@ebook/shared';
import { api } from '@/lib/api-client';

/** GET /api/books/{id}: the book being edited. Same key as the catalogue, so the cache is shared. */
export function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  return api.get<Book>(`/books/${encodeURIComponent(id)}`, { signal });
}

export const getBookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['books', 'detail', id],
    queryFn: ({ signal }) => getBook(id, signal),
    // An edit form must start from the stored values, not a stale copy.
    staleTime: 0,
    retry: false,
  });

export function useBookForEdit(id: string | undefined) {
  return useQuery({ ...getBookQueryOptions(id ?? ''), enabled: Boolean(id) });
}
