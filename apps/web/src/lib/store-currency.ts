/**
 * Facts about the store from GET /api/store: its one currency (STORE_CURRENCY), name, e-mail and phone
 * (STORE_NAME, STORE_EMAIL, STORE_PHONE), the promotion running now, the payment gateway and the
 * catalogue's counts. The last currency is remembered so prices do not change their symbol while the
 * answer is on its way; the contact details show the demo defaults until then.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountedCents, type RunningPromotion, type StoreInfo } from '@ebook/shared';
import { api } from './api-client';
import { queryKeys } from '@/lib/query-keys';

const KEY = 'storeCurrency';

const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_STORE_CONTACT: Pick<StoreInfo, 'name' | 'email' | 'phone'> = {
  name: 'Bookshelf',
  email: 'hello@bookshelf.example',
  phone: '+94 11 234 5678',
};

function rememberedCurrency(): string {
  try {
    return localStorage.getItem(KEY) ?? DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

export const storeInfoQueryOptions = queryOptions({
  queryKey: queryKeys.store,
  queryFn: async () => {
    const info = await api.get<StoreInfo>('/store');
    try {
      localStorage.setItem(KEY, info.currency);
    } catch {
      // Private mode: the currency is simply asked again next time.
    }
    return info;
  },
  // A promotion may start or end: asked again after a minute, and whenever the window regains focus.
  staleTime: 60_000,
});

export function useStoreInfo(): StoreInfo | undefined {
  return useQuery(storeInfoQueryOptions).data;
}

export function useStoreCurrency(): string {
  return useStoreInfo()?.currency ?? rememberedCurrency();
}

/** The store-wide promotion running now, or null. */
export function usePromotion(): RunningPromotion | null {
  const info = useStoreInfo();
  if (!info?.promotion) return null;
  // Ended since the answer came: no longer shown (the server prices without it too).
  return new Date(info.promotion.endsAt).getTime() > Date.now() ? info.promotion : null;
}

/** The amount charged for a price now (the promotion applied), for totals. */
export function usePricesNow(): (priceCents: number) => number {
  const promotion = usePromotion();
  return (priceCents) => discountedCents(priceCents, promotion?.percentOff);
}

/** The store's name, e-mail and phone (the footer, the contact page), the demo defaults until known. */
export function useStoreContact(): Pick<StoreInfo, 'name' | 'email' | 'phone'> {
  return useStoreInfo() ?? DEFAULT_STORE_CONTACT;
}
