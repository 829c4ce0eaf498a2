import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookMutationResponse, ReviewDecisionBody } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewRequest {
  id: string;
  decision: ReviewDecision;
  /** The version the admin saw: a book changed since is refused (409 BOOK_CHANGED). */
  version: number;
  /** Why it was rejected, shown to the member (rejections only; optional). */
  reason?: string;
}

/** PATCH /api/books/approve/{id} or /api/books/reject/{id} (only from pending, only the version seen). */
export function reviewBook({ id, decision, version, reason }: ReviewRequest): Promise<BookMutationResponse> {
  const body: ReviewDecisionBody = { version, ...(reason ? { reason } : {}) };
  return api.patch<BookMutationResponse>(`/books/${decision}/${encodeURIComponent(id)}`, body);
}

export function useReviewBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewBook,
    onSettled: async () => {
      // The tiles, the bell and the table all change; so does the public catalogue.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.books.all }),
      ]);
    },
  });
}
