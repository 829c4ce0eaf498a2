import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { User } from '@ebook/shared';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { useLogoutAndGoHome } from '@/lib/auth/logout';
import { ACCOUNT_LINKS, NAV_LINKS } from './nav-links';

/** Badges after the labels of the phone menu's account links, keyed by the link's address. */
export type AccountBadges = Partial<Record<string, ReactNode>>;

/**
 * The phone menu: slides in from the right over a dimmed backdrop that closes it when clicked.
 * `accountBadges`: what follows an account link's label, by its address (the admin's unread messages).
 */
export function SideMenu({
  open,
  onClose,
  user,
  accountBadges,
}: {
  open: boolean;
  onClose: () => void;
  user: User | null;
  accountBadges?: AccountBadges;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const { logoutAndGoHome } = useLogoutAndGoHome();

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-stone-700 hover:bg-brand-50'}`;

  return (
    <div className={`md:hidden ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open}>
      <div
        data-testid="side-menu-backdrop"
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <aside
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-labelledby="side-menu-title"
        inert={!open}
        className={`fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl transition-transform duration-200 ${
          open ? 'translate-x-0' : 'translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-4">
          <h2 id="side-menu-title" className="font-serif text-lg font-bold">
            Menu
          </h2>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close menu"
            className="rounded-md p-2 text-stone-600 hover:bg-stone-100"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-4">
          <Avatar name={user?.name ?? 'Guest'} profileImage={user?.profileImage} size={40} />
          <span className="font-medium">{user?.name ?? 'Guest'}</span>
        </div>
        <nav aria-label="Menu" className="flex flex-col gap-1 p-3">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === paths.home} className={linkClass} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
          {!user && (
            <NavLink to={paths.login} className={linkClass} onClick={onClose}>
              Login
            </NavLink>
          )}
        </nav>
        {user && (
          <nav aria-labelledby="side-menu-account" className="flex flex-col gap-1 border-t border-stone-200 p-3">
            <h3
              id="side-menu-account"
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              {user.role === 'admin' ? 'Admin' : 'Your account'}
            </h3>
            {ACCOUNT_LINKS[user.role].map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.label === 'Dashboard'}
                className={(state) => `${linkClass(state)} flex items-center justify-between gap-2`}
                onClick={onClose}
              >
                {link.label}
                {accountBadges?.[link.to]}
              </NavLink>
            ))}
            <button
              type="button"
              className="rounded-md px-3 py-2 text-left font-medium text-stone-700 hover:bg-brand-50"
              onClick={() => {
                onClose();
                logoutAndGoHome();
              }}
            >
              Logout
            </button>
          </nav>
        )}
      </aside>
    </div>
  );
}
