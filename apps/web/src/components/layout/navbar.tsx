/**
 * The fixed top bar: links (current one highlighted), transparent at the top of the page and white
 * with a shadow once scrolled; on narrow screens a slide-in side menu; when signed in, the avatar
 * with a Dashboard/Logout dropdown and the actions the app gives (the cart, the notifications bell).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { NAV_SCROLL_THRESHOLD_PX } from '@ebook/shared';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { NAV_LINKS } from './nav-links';
import { ProfileMenu } from './profile-menu';
import { SideMenu, type AccountBadges } from './side-menu';
import { useScrolled } from './use-scrolled';

export function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-600 text-white' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-700'
  }`;
}

/**
 * `memberActions`: what a signed-in user sees beside the avatar (the app puts the cart and the bell);
 * `accountBadges`: counts after the phone menu's account links (the app puts the admin's unread messages).
 */
export function Navbar({ memberActions, accountBadges }: { memberActions?: ReactNode; accountBadges?: AccountBadges }) {
  const scrolled = useScrolled(NAV_SCROLL_THRESHOLD_PX);
  const { data: user } = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'bg-white shadow-md' : 'bg-transparent'
      }`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Bookshelf
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === paths.home} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {!user && (
            <NavLink to={paths.login} className={navLinkClass}>
              Login
            </NavLink>
          )}
        </div>

        <div className="flex items-center gap-2">
          {user && memberActions}
          {user && <ProfileMenu user={user} />}
          <button
            type="button"
            className="rounded-md p-2 text-stone-700 hover:bg-brand-50 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen(true)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </nav>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} user={user ?? null} accountBadges={accountBadges} />
    </header>
  );
}
