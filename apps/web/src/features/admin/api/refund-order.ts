import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, RefundCreate } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface RefundOrderInput extends RefundCreate {
  orderId: string;
  /** One per refund dialog: a retry after a lost answer refunds once. */
  idempotencyKey: string;
}

/** POST /api/admin/orders/{id}/refunds: the whole order, or the chosen books, with a reason. */
export function refundOrder({ orderId, idempotencyKey, ...body }: RefundOrderInput) {
  return api.post<{ msg: string; order: AdminOrder }>(`/admin/orders/${orderId}/refunds`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders }),
  });
}
