import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type BookPageResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMyBooks = (page: number) =>
  api.get<BookPageResponse>('/books/mine', { query: { page, limit: PAGE_SIZE.userBooks } });

export const getMyBooksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.books.minePage(page),
    queryFn: () => getMyBooks(page),
    placeholderData: keepPreviousData,
  });

/** The member's own submissions, every status, five per page. */
export function useMyBooks(page: number) {
  return useQuery(getMyBooksQueryOptions(page));
}
