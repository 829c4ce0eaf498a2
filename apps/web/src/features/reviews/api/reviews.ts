import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput, ReviewList } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/books/{id}/reviews: newest first, with the caller's own and whether they may review. */
export const getReviewsQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: queryKeys.books.reviews(bookId),
    queryFn: ({ signal }) => api.get<ReviewList>(`/books/${encodeURIComponent(bookId)}/reviews`, { signal }),
  });

export function useReviews(bookId: string) {
  return useQuery(getReviewsQueryOptions(bookId));
}

function useInvalidateBooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
}

/** POST (first review) or PUT (edit) /api/books/{id}/reviews[/mine]. */
export function useSaveReview(bookId: string) {
  const invalidate = useInvalidateBooks();
  const base = `/books/${encodeURIComponent(bookId)}/reviews`;
  return useMutation({
    mutationFn: ({ input, editing }: { input: ReviewInput; editing: boolean }) =>
      editing
        ? api.put<{ msg: string; review: Review }>(`${base}/mine`, input)
        : api.post<{ msg: string; review: Review }>(base, input),
    onSettled: invalidate,
  });
}

/** DELETE /api/books/{id}/reviews/mine (own) or /api/reviews/{id} (admin). */
export function useRemoveReview(bookId: string) {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (reviewId: string | null) =>
      api.delete(
        reviewId ? `/reviews/${encodeURIComponent(reviewId)}` : `/books/${encodeURIComponent(bookId)}/reviews/mine`,
      ),
    onSettled: invalidate,
  });
}
