import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useLogout } from '@/lib/auth/logout';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <path d={d} />
  </svg>
);

const ENTRIES: { label: string; to: string; end?: boolean; icon: ReactNode }[] = [
  { label: 'Dashboard', to: paths.user.root, end: true, icon: icon('M3 12l9-9 9 9M5 10v10h14V10') },
  {
    label: 'Books',
    to: paths.user.books,
    icon: icon('M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14zM20 17v4H6.5'),
  },
  { label: 'Profile', to: paths.user.profile, icon: icon('M20 21a8 8 0 1 0-16 0M12 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8z') },
  {
    label: 'Favourites',
    to: paths.user.favourites,
    icon: icon(
      'M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.4 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.4 0 5.6 3.4 4.3 6.7C19.5 16.4 12 21 12 21z',
    ),
  },
  {
    label: 'Cart',
    to: paths.user.cart,
    icon: icon('M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.2a2 2 0 0 0 2-1.6L21 7H6M9 21h.01M18 21h.01'),
  },
  { label: 'Payment', to: paths.user.payment, icon: icon('M2 7h20v12H2zM2 11h20M6 15h4') },
  { label: 'My Library', to: paths.user.owned, icon: icon('M4 4h4v16H4zM10 4h4v16h-4zM16 5l4 1-3 14-4-1z') },
];

/**
 * The member dashboard's sidebar: avatar and name, the entries of the specification plus My Library,
 * and Logout. It collapses to icons on wide screens and is a drawer on phones.
 */
export function DashboardSidebar() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const name = me.data?.name || 'guest';
  const onLogout = () => {
    // Leave the guarded dashboard first, so the sign-in guard does not send us to the login page.
    void navigate(paths.home);
    logout.mutate();
  };

  const content = (compact: boolean) => (
    <div className="flex h-full flex-col">
      <div className={`flex items-center gap-3 border-b border-stone-200 p-4 ${compact ? 'justify-center' : ''}`}>
        <Avatar name={me.data?.name} profileImage={me.data?.profileImage} size={compact ? 36 : 44} />
        {!compact && (
          <div className="min-w-0">
            <p className="truncate font-semibold text-stone-900" data-testid="sidebar-name">
              {name}
            </p>
            <p className="truncate text-xs text-stone-500">{me.data?.email ?? ''}</p>
          </div>
        )}
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.end}
                title={compact ? entry.label : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${compact ? 'justify-center' : ''} ${
                    isActive ? 'bg-brand-600 text-white' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-700'
                  }`
                }
              >
                {entry.icon}
                <span className={compact ? 'sr-only' : ''}>{entry.label}</span>
              </NavLink>
            </li>
          ))}
          {/* The specification's hidden entry: routed, but not shown in the menu. */}
          <li hidden>
            <NavLink to={paths.user.addBookHidden} tabIndex={-1}>
              Add Book
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="border-t border-stone-200 p-2">
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          title={compact ? 'Logout' : undefined}
          className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 ${compact ? 'justify-center' : ''}`}
        >
          {icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9')}
          <span className={compact ? 'sr-only' : ''}>Logout</span>
        </button>
      </div>
    </div>
  );

  return (
    <>
      <aside
        className={`sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 border-r border-stone-200 bg-white transition-[width] md:block ${
          collapsed ? 'w-[4.5rem]' : 'w-64'
        }`}
      >
        <div className="relative h-full">
          {content(collapsed)}
          <button
            type="button"
            onClick={() => setCollapsed(!collapsed)}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className="absolute top-5 -right-3 z-10 flex h-6 w-6 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-600 shadow hover:text-brand-700"
          >
            {collapsed ? '›' : '‹'}
          </button>
        </div>
      </aside>

      <div className="sticky top-16 z-30 flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-2 md:hidden">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open dashboard menu"
          aria-expanded={drawerOpen}
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700"
        >
          ☰ Menu
        </button>
        <span className="truncate text-sm text-stone-600">{name}</span>
      </div>
      {drawerOpen && (
        <div className="fixed inset-0 z-50 md:hidden" role="dialog" aria-modal="true" aria-label="Dashboard menu">
          <button
            type="button"
            aria-label="Close dashboard menu"
            className="absolute inset-0 bg-black/40"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl">{content(false)}</div>
        </div>
      )}
    </>
  );
}
