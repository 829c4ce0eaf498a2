import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { wishlistQueryKey } from './get-wishlist';

export const removeFromWishlist = (bookId: string) =>
  api.delete<{ msg: string }>(`/wishlist/remove/${encodeURIComponent(bookId)}`);

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (_data, bookId) => {
      queryClient.setQueryData<WishlistEntry[]>(wishlistQueryKey, (entries) =>
        entries?.filter((entry) => entry.bookId._id !== bookId),
      );
      void queryClient.invalidateQueries({ queryKey: wishlistQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['member-summary'] });
    },
  });
}
