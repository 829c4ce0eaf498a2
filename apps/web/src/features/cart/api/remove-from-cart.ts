import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

export const removeFromCart = (bookId: string) =>
  api.delete<{ msg: string }>(`/cart/remove/${encodeURIComponent(bookId)}`);

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (_data, bookId) => {
      queryClient.setQueryData<Cart>(
        cartQueryKey,
        (cart) =>
          cart && {
            ...cart,
            items: cart.items.filter((item) => item.bookId._id !== bookId),
            totalCents: cart.items
              .filter((item) => item.bookId._id !== bookId)
              .reduce((sum, item) => sum + item.bookId.priceCents, 0),
          },
      );
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['member-summary'] });
    },
  });
}
