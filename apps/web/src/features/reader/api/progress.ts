import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadingListResponse, ReadingProgress, ReadingProgressResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/books/{id}/progress: where the member left off (null before the first visit). */
export async function getProgress(bookId: string): Promise<ReadingProgress | null> {
  return (await api.get<ReadingProgressResponse>(`/books/${encodeURIComponent(bookId)}/progress`)).progress;
}

/** PUT /api/books/{id}/progress. */
export function saveProgress(bookId: string, page: number, pages: number): Promise<ReadingProgress> {
  return api.put<ReadingProgress>(`/books/${encodeURIComponent(bookId)}/progress`, { page, pages });
}

/** Sends the place while the page is being left (keepalive outlives the page). */
export function saveProgressOnLeave(bookId: string, page: number, pages: number): Promise<unknown> {
  return fetch(`/api/books/${encodeURIComponent(bookId)}/progress`, {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ page, pages }),
  }).catch(() => undefined);
}

export const getReadingListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.readingList,
    queryFn: async () => (await api.get<ReadingListResponse>('/users/me/reading')).books,
  });

/** The member's books with a place kept, last read first. */
export function useReadingList() {
  return useQuery(getReadingListQueryOptions());
}
