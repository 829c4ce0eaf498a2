import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@ebook/shared';
import { Avatar } from '@/components/ui/avatar';
import { dashboardPathFor } from '@/config/paths';
import { useLogoutAndGoHome } from '@/lib/auth/logout';

/** The signed-in user's avatar with a Dashboard / Logout dropdown. */
export function ProfileMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const { logoutAndGoHome } = useLogoutAndGoHome();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = () => {
    setOpen(false);
    logoutAndGoHome();
  };

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        className="flex items-center rounded-full"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={user.name} profileImage={user.profileImage} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-52 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          <div className="border-b border-stone-100 px-4 py-3 text-sm">
            <p className="font-medium text-stone-900">{user.name}</p>
            <p className="truncate text-stone-500">{user.email}</p>
          </div>
          <Link
            role="menuitem"
            to={dashboardPathFor(user.role)}
            className="block px-4 py-2 text-sm text-stone-700 hover:bg-brand-50"
            onClick={() => setOpen(false)}
          >
            Dashboard
          </Link>
          <button
            role="menuitem"
            type="button"
            className="block w-full px-4 py-2 text-left text-sm text-stone-700 hover:bg-brand-50"
            onClick={onLogout}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
