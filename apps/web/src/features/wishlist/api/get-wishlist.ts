import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistEntry } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getWishlist = () => api.get<WishlistEntry[]>('/wishlist');

export const getWishlistQueryOptions = () => queryOptions({ queryKey: queryKeys.wishlist, queryFn: getWishlist });

/** The signed-in member's wishlist; pass `enabled: false` for visitors. */
export function useWishlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWishlistQueryOptions(), enabled });
}
