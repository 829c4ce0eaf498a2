import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CardInput } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Creates a card, or replaces the one with `cardId` (number and CVV re-entered). */
export const saveCard = ({ cardId, input }: { cardId?: string; input: CardInput }) =>
  cardId
    ? api.put<{ msg: string; card: Card }>(`/payment/${encodeURIComponent(cardId)}`, input)
    : api.post<{ msg: string; card: Card }>('/payment', input);

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.paymentCards });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    },
  });
}
