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

/** The place in an EPUB: a CFI locator and the share of the book read (0..1). */
export interface EpubPlace {
  locator: string;
  percentage: number;
}

/** PUT /api/books/{id}/progress for an EPUB. */
export function saveEpubProgress(bookId: string, place: EpubPlace): Promise<ReadingProgress> {
  return api.put<ReadingProgress>(`/books/${encodeURIComponent(bookId)}/progress`, { format: 'epub', ...place });
}

/** Sends the place while the page is being left (keepalive outlives the page). */
export function saveProgressOnLeave(bookId: string, page: number, pages: number): Promise<unknown> {
  return sendOnLeave(bookId, { page, pages });
}

export function saveEpubProgressOnLeave(bookId: string, place: EpubPlace): Promise<unknown> {
  return sendOnLeave(bookId, { format: 'epub', ...place });
}

function sendOnLeave(bookId: string, body: unknown): Promise<unknown> {
  return fetch(`/api/books/${encodeURIComponent(bookId)}/progress`, {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
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
