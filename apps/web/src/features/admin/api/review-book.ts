import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookMutationResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './get-overview';

export type ReviewDecision = 'approve' | 'reject';

/** PATCH /api/books/approve/{id} or /api/books/reject/{id} (only from pending). */
export function reviewBook(id: string, decision: ReviewDecision): Promise<BookMutationResponse> {
  return api.patch<BookMutationResponse>(`/books/${decision}/${encodeURIComponent(id)}`);
}

export function useReviewBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) => reviewBook(id, decision),
    onSettled: async () => {
      // The tiles, the bell and the table all change; so does the public catalogue.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]);
    },
  });
}
