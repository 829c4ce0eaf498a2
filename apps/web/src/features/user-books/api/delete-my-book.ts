import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteMyBook = (bookId: string) => api.delete<{ msg: string }>(`/books/${encodeURIComponent(bookId)}`);

export function useDeleteMyBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.books.mine });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
