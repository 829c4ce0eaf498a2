import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './get-overview';

/** DELETE /api/books/{id}: an admin may delete any book. */
export function deleteBook(id: string): Promise<unknown> {
  return api.delete(`/books/${encodeURIComponent(id)}`);
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]);
    },
  });
}
