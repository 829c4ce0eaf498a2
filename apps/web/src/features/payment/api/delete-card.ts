import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteCard = (cardId: string) => api.delete<{ msg: string }>(`/payment/${encodeURIComponent(cardId)}`);

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.paymentCards });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
