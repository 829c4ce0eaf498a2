import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface CreateOrderInput {
  userId: string;
  books: string[];
  /** What the member saw; the server refuses to charge a different amount. */
  total: number;
  paymentId: string;
  /** One per checkout attempt: a retried or double-clicked payment is charged once. */
  idempotencyKey: string;
}

export const createOrder = ({ idempotencyKey, ...body }: CreateOrderInput) =>
  api.post<{ msg: string; order: Order }>('/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSettled: () => {
      for (const queryKey of [
        queryKeys.cart,
        queryKeys.orders.all,
        queryKeys.memberSummary,
        queryKeys.wishlist,
        queryKeys.books.all,
        queryKeys.notifications.all,
        // A refused total ("The total has changed") may come from a promotion changed meanwhile: the
        // checkout shows the new one, and the next click pays it.
        queryKeys.store,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
