import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@ebook/shared';
import { api } from '@/lib/api-client';

/** GET /api/books/{id}: one public book. */
export function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  return api.get<Book>(`/books/${encodeURIComponent(id)}`, { signal });
}

export const getBookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['books', 'detail', id],
    queryFn: ({ signal }) => getBook(id, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useBook(id: string) {
  return useQuery(getBookQueryOptions(id));
}
