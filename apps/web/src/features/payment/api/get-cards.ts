import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@ebook/shared';
import { api } from '@/lib/api-client';

export const cardsQueryKey = ['payment-cards'] as const;

export const getCards = () => api.get<Card[]>('/payment');

export const getCardsQueryOptions = () => queryOptions({ queryKey: cardsQueryKey, queryFn: getCards });

export function useCards() {
  return useQuery(getCardsQueryOptions());
}
