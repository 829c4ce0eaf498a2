import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

export const getCart = () => api.get<Cart>('/cart');

export const getCartQueryOptions = () => queryOptions({ queryKey: queryKeys.cart, queryFn: getCart });

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}

/** The signed-in member's cart (nothing is asked for a visitor): its book ids, for buttons and the header. */
export function useCartBookIds(): ReadonlySet<string> | undefined {
  const me = useMe();
  const cart = useCart({ enabled: Boolean(me.data) });
  if (!me.data || !cart.data) return undefined;
  return new Set(cart.data.items.map((item) => item.bookId._id));
}
