import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const removeFromWishlist = (bookId: string) =>
  api.delete<{ msg: string }>(`/wishlist/remove/${encodeURIComponent(bookId)}`);

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (_data, bookId) => {
      queryClient.setQueryData<WishlistEntry[]>(queryKeys.wishlist, (entries) =>
        entries?.filter((entry) => entry.bookId._id !== bookId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
