import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME } from './get-overview';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/books/pending: member submissions waiting for review, with the submitter's name. */
export async function getPendingBooks(signal?: AbortSignal): Promise<Book[]> {
  const data = await api.get<Book[] | { books: Book[] }>('/books/pending', { signal });
  return Array.isArray(data) ? data : data.books;
}

export const getPendingBooksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.books.pending,
    queryFn: ({ signal }) => getPendingBooks(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function usePendingBooks() {
  return useQuery(getPendingBooksQueryOptions());
}
