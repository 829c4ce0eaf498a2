/**
 * The store's facts from GET /api/store (STORE_CURRENCY, STORE_NAME, STORE_EMAIL, STORE_PHONE), asked
 * once per visit. The last currency is remembered so prices do not change their symbol while the
 * answer is on its way; the contact details show the demo defaults until then.
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '@ebook/shared';
import { api } from './api-client';

const KEY = 'storeCurrency';

export const DEFAULT_STORE_INFO: StoreInfo = {
  currency: 'USD',
  name: 'Bookshelf',
  email: 'hello@bookshelf.example',
  phone: '+94 11 234 5678',
};

function rememberedCurrency(): string {
  try {
    return localStorage.getItem(KEY) ?? DEFAULT_STORE_INFO.currency;
  } catch {
    return DEFAULT_STORE_INFO.currency;
  }
}

function useStoreQuery() {
  return useQuery({
    queryKey: ['store'],
    queryFn: async () => {
      const info = await api.get<StoreInfo>('/store');
      localStorage.setItem(KEY, info.currency);
      return info;
    },
    staleTime: Infinity,
  });
}

export function useStoreCurrency(): string {
  return useStoreQuery().data?.currency ?? rememberedCurrency();
}

/** The store's name, e-mail and phone (the footer, the contact page). */
export function useStoreInfo(): StoreInfo {
  return useStoreQuery().data ?? { ...DEFAULT_STORE_INFO, currency: rememberedCurrency() };
}
