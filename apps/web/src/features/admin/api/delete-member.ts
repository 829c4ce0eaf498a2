import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/users/{id}: removes a member (the server refuses admins and oneself). */
export function deleteMember(id: string): Promise<{ msg: string }> {
  return api.delete<{ msg: string }>(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    // Counts, members and their unpublished submissions all change.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.books.all }),
      ]);
    },
  });
}
