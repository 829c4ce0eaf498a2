import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { justSignedOut } from '@/lib/auth/auth-storage';
import { useMe } from '@/lib/auth/get-me';

/**
 * Guards a protected area: a visitor goes to /login and comes back after logging in; a signed-in
 * user without the role, or one who has just logged out, goes to /.
 */
export function RequireAuth({ role, children }: { role?: 'admin'; children: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (me.isPending || me.isPlaceholderData) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!me.data) {
    // A member who has just logged out is on the way home: the page left behind does not ask them to log in.
    if (justSignedOut()) return <Navigate to={paths.home} replace />;
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (role && me.data.role !== role) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
