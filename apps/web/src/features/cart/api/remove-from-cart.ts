import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const removeFromCart = (bookId: string) =>
  api.delete<{ msg: string }>(`/cart/remove/${encodeURIComponent(bookId)}`);

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (_data, bookId) => {
      queryClient.setQueryData<Cart>(
        queryKeys.cart,
        (cart) =>
          cart && {
            ...cart,
            items: cart.items.filter((item) => item.bookId._id !== bookId),
            totalCents: cart.items
              .filter((item) => item.bookId._id !== bookId)
              .reduce((sum, item) => sum + item.bookId.priceCents, 0),
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
