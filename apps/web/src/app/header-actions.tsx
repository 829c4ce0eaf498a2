import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { CartLink } from '@/features/cart/components/cart-link';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useMe } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/**
 * Beside the avatar on every page: the cart with its count (members) and the notifications bell.
 * Both stay mounted across pages, so each move to another page asks again: an order placed or a
 * book added in another tab shows up without a reload.
 */
export function HeaderActions() {
  const me = useMe();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  }, [pathname, queryClient]);

  if (!me.data) return null;
  return (
    <>
      {me.data.role === 'member' && <CartLink />}
      <NotificationBell />
    </>
  );
}
