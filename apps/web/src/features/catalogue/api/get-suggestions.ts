import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookSuggestion } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/books/suggest: up to 5 public books for what has been typed so far. */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<BookSuggestion[]> {
  return (await api.get<{ books: BookSuggestion[] }>('/books/suggest', { query: { q }, signal })).books;
}

export const getSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.books.suggestions(q),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    staleTime: 30_000,
    retry: false,
  });

/** Suggestions for a (debounced) text; nothing is asked for an empty one. The last list stays while the next loads. */
export function useSuggestions(q: string) {
  return useQuery({ ...getSuggestionsQueryOptions(q), enabled: q.length > 0, placeholderData: keepPreviousData });
}
