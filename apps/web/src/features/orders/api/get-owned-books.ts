import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnedBook } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getOwnedBooks = async () => (await api.get<{ books: OwnedBook[] }>('/orders/owned')).books;

export const getOwnedBooksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.orders.owned, queryFn: getOwnedBooks });

/** Every book the member bought, newest first. */
export function useOwnedBooks() {
  return useQuery(getOwnedBooksQueryOptions());
}
