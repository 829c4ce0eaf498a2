/**
 * The store's one currency (the server's STORE_CURRENCY), asked once per visit. The last answer is
 * remembered so prices do not change their symbol while the answer is on its way.
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '@ebook/shared';
import { api } from './api-client';

const KEY = 'storeCurrency';

function rememberedCurrency(): string {
  try {
    return localStorage.getItem(KEY) ?? 'USD';
  } catch {
    return 'USD';
  }
}

export function useStoreCurrency(): string {
  const { data } = useQuery({
    queryKey: ['store'],
    queryFn: async () => {
      const info = await api.get<StoreInfo>('/store');
      localStorage.setItem(KEY, info.currency);
      return info;
    },
    staleTime: Infinity,
  });
  return data?.currency ?? rememberedCurrency();
}
