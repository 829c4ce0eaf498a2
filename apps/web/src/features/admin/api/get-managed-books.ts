import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type BookPageResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './get-overview';

/** GET /api/books/manage?page&limit: every book, any status, paged on the server. */
export function getManagedBooks(page: number, signal?: AbortSignal): Promise<BookPageResponse> {
  return api.get<BookPageResponse>('/books/manage', { query: { page, limit: PAGE_SIZE.adminBooks }, signal });
}

export const getManagedBooksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.managedBooks(page),
    queryFn: ({ signal }) => getManagedBooks(page, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useManagedBooks(page: number) {
  return useQuery(getManagedBooksQueryOptions(page));
}
