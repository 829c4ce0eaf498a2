import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const addToWishlist = (bookId: string) => api.post<{ msg: string }>('/wishlist/add', { bookId });

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
