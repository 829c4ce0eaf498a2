import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCards = () => api.get<Card[]>('/payment');

export const getCardsQueryOptions = () => queryOptions({ queryKey: queryKeys.paymentCards, queryFn: getCards });

export function useCards() {
  return useQuery(getCardsQueryOptions());
}
