import { CartLink } from '@/features/cart/components/cart-link';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useMe } from '@/lib/auth/get-me';

/** Beside the avatar on every page: the cart with its count (members) and the notifications bell. */
export function HeaderActions() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <>
      {me.data.role === 'member' && <CartLink />}
      <NotificationBell />
    </>
  );
}
