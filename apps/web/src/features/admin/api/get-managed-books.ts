import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type BookPageResponse, type BookStatus } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME } from './get-overview';
import { queryKeys } from '@/lib/query-keys';

export interface ManagedBooksFilter {
  q?: string;
  status?: BookStatus;
}

/** GET /api/books/manage?page&limit&q&status: every book, any status, searched and paged on the server. */
export function getManagedBooks(
  page: number,
  filter: ManagedBooksFilter = {},
  signal?: AbortSignal,
): Promise<BookPageResponse> {
  return api.get<BookPageResponse>('/books/manage', {
    query: { page, limit: PAGE_SIZE.adminBooks, q: filter.q, status: filter.status },
    signal,
  });
}

export const getManagedBooksQueryOptions = (page: number, filter: ManagedBooksFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.books.managed(page, filter.q ?? '', filter.status ?? ''),
    queryFn: ({ signal }) => getManagedBooks(page, filter, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useManagedBooks(page: number, filter: ManagedBooksFilter = {}) {
  return useQuery(getManagedBooksQueryOptions(page, filter));
}
