/**
 * A dashboard's sidebar, drawn from a list of entries: the signed-in user's avatar and name, the
 * entries, Logout, and a button that collapses it to icons on wide screens. On phones it is a drawer
 * over a dimmed backdrop, opened by a button the page places (`aria-controls` the sidebar's id).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Icon, type IconName } from '@/components/ui/icon';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useMe } from '@/lib/auth/get-me';
import { useLogoutAndGoHome } from '@/lib/auth/logout';

export interface SidebarEntry {
  to: string;
  label: string;
  icon: IconName;
  /** Matches only this address, not the pages below it (a dashboard's home). */
  end?: boolean;
  /** Shown after the label, such as an unread count. */
  badge?: ReactNode;
  /** Routed but not listed: kept in the markup, out of sight and out of the tab order. */
  hidden?: boolean;
}

/**
 * Whether the sidebar is collapsed (remembered under `storageKey`, when given) and whether the phone
 * drawer is open; the drawer closes on every navigation.
 */
export function useDashboardSidebar(storageKey?: string) {
  const [collapsed, setCollapsed] = useState(
    () => storageKey !== undefined && localStorage.getItem(storageKey) === '1',
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const toggleCollapsed = () =>
    setCollapsed((value) => {
      if (storageKey) localStorage.setItem(storageKey, value ? '0' : '1');
      return !value;
    });
  return { collapsed, toggleCollapsed, drawerOpen, openDrawer: () => setDrawerOpen(true), closeDrawer };
}

/** What the sidebar itself needs of the state above (the page keeps the opener). */
export type DashboardSidebarState = Omit<ReturnType<typeof useDashboardSidebar>, 'openDrawer'>;

interface DashboardSidebarProps extends DashboardSidebarState {
  id: string;
  /** The sidebar's accessible name, and its navigation's. */
  label: string;
  navLabel: string;
  entries: SidebarEntry[];
  /** The line under the user's name. */
  detail: ReactNode;
  /** The name shown while the session is still being read. */
  fallbackName: string;
}

export function DashboardSidebar({
  id,
  label,
  navLabel,
  entries,
  detail,
  fallbackName,
  collapsed,
  toggleCollapsed,
  drawerOpen,
  closeDrawer,
}: DashboardSidebarProps) {
  const { data: user } = useMe();
  const { logoutAndGoHome, isPending: loggingOut } = useLogoutAndGoHome();
  const closeButton = useRef<HTMLButtonElement>(null);
  const isWide = useMediaQuery('(min-width: 768px)');

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeDrawer();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeDrawer]);

  const name = user?.name || fallbackName;
  // Labels hide only on wide screens when collapsed; the phone drawer always shows them.
  const hideLabel = collapsed ? 'md:sr-only' : '';
  const row = `flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
    collapsed ? 'md:justify-center' : ''
  }`;

  return (
    <>
      <div
        data-testid={`${id}-backdrop`}
        aria-hidden
        className={`fixed inset-0 z-30 bg-black/50 transition-opacity md:hidden ${
          drawerOpen ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        onClick={closeDrawer}
      />
      <aside
        id={id}
        aria-label={label}
        // A closed phone drawer is off screen: keep it out of the tab order too.
        inert={!isWide && !drawerOpen}
        className={`fixed top-16 bottom-0 left-0 z-30 flex w-64 shrink-0 flex-col border-r border-stone-200 bg-white transition-transform duration-200 md:sticky md:z-10 md:h-[calc(100vh-4rem)] md:translate-x-0 md:transition-[width] ${
          drawerOpen ? 'translate-x-0 shadow-xl' : '-translate-x-full'
        } ${collapsed ? 'md:w-[4.5rem]' : 'md:w-64'}`}
      >
        <div
          className={`flex items-center gap-3 border-b border-stone-200 px-4 py-4 ${collapsed ? 'md:justify-center md:px-2' : ''}`}
        >
          <Avatar name={user?.name ?? fallbackName} profileImage={user?.profileImage} size={40} />
          <div className={`min-w-0 flex-1 ${hideLabel}`}>
            <p className="truncate font-semibold text-stone-900" data-testid="sidebar-name">
              {name}
            </p>
            <div className="truncate text-xs text-stone-500">{detail}</div>
          </div>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close menu"
            className="rounded-md p-1.5 text-stone-500 hover:bg-stone-100 md:hidden"
            onClick={closeDrawer}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={navLabel} className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {entries.map((entry) =>
              entry.hidden ? (
                <li key={entry.to} hidden>
                  <NavLink to={entry.to} tabIndex={-1}>
                    {entry.label}
                  </NavLink>
                </li>
              ) : (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.end}
                    title={collapsed ? entry.label : undefined}
                    onClick={closeDrawer}
                    className={({ isActive }) =>
                      `${row} ${isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-700'}`
                    }
                  >
                    <Icon name={entry.icon} />
                    <span className={hideLabel}>{entry.label}</span>
                    {entry.badge && <span className={`ml-auto ${hideLabel}`}>{entry.badge}</span>}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex flex-col gap-1 border-t border-stone-200 p-3">
          <button
            type="button"
            onClick={logoutAndGoHome}
            disabled={loggingOut}
            title={collapsed ? 'Logout' : undefined}
            className={`${row} text-stone-700 hover:bg-red-50 hover:text-red-700 disabled:opacity-60`}
          >
            <Icon name="logout" />
            <span className={hideLabel}>Logout</span>
          </button>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls={id}
            className={`hidden items-center gap-3 rounded-lg px-3 py-2 text-sm text-stone-500 hover:bg-stone-100 md:flex ${
              collapsed ? 'md:justify-center' : ''
            }`}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} />
            <span className={hideLabel}>Collapse</span>
          </button>
        </div>
      </aside>
    </>
  );
}
