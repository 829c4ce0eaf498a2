import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@ebook/shared';
import { api } from '@/lib/api-client';

export const cartQueryKey = ['cart'] as const;

export const getCart = () => api.get<Cart>('/cart');

export const getCartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: getCart });

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}
