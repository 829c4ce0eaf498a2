import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myBooksQueryKey } from './get-my-books';

export const deleteMyBook = (bookId: string) => api.delete<{ msg: string }>(`/books/${encodeURIComponent(bookId)}`);

export function useDeleteMyBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['member-summary'] });
    },
  });
}
