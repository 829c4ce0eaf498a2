import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCart = () => api.get<Cart>('/cart');

export const getCartQueryOptions = () => queryOptions({ queryKey: queryKeys.cart, queryFn: getCart });

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}
