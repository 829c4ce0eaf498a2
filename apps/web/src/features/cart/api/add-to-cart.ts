import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const addToCart = (bookId: string) =>
  api.post<{ msg: string; bookId: string }>('/cart/add', { bookId, quantity: 1 });

/** A book already in the cart is where the member wanted it: not a failure. */
export const isAlreadyInCart = (error: unknown) => error instanceof ApiError && error.code === 'ALREADY_IN_CART';

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
