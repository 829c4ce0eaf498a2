import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsQueryKey } from './get-cards';

export const deleteCard = (cardId: string) => api.delete<{ msg: string }>(`/payment/${encodeURIComponent(cardId)}`);

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cardsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['member-summary'] });
    },
  });
}
