/**
 * The admin dashboard's sidebar: Dashboard, Members, Books, Messages (with the unread count) (the add-books page is reached from the
 * Books page, not listed here), Logout, and the admin's avatar and name. Collapses to icons on wide
 * screens; on phones it is a drawer over a dimmed backdrop.
 */
import { useEffect, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useLogout } from '@/lib/auth/logout';
import { useContactMessages } from '../api/contact-messages';
import { useMediaQuery } from '../hooks/use-media-query';
import { Icon, type IconName } from './admin-icons';

const LINKS: Array<{ to: string; label: string; icon: IconName; end?: boolean }> = [
  { to: paths.admin.root, label: 'Dashboard', icon: 'dashboard', end: true },
  { to: paths.admin.members, label: 'Members', icon: 'members' },
  { to: paths.admin.books, label: 'Books', icon: 'books' },
  { to: paths.admin.messages, label: 'Messages', icon: 'mail' },
];

interface AdminSidebarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

export function AdminSidebar({ collapsed, onToggleCollapsed, drawerOpen, onCloseDrawer }: AdminSidebarProps) {
  const { data: user } = useMe();
  const unreadMessages = useContactMessages(1).data?.unread ?? 0;
  const logout = useLogout();
  const navigate = useNavigate();
  const closeButton = useRef<HTMLButtonElement>(null);
  const isWide = useMediaQuery('(min-width: 768px)');

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCloseDrawer();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, onCloseDrawer]);

  const onLogout = () => {
    // Leave the protected area first: once the session is cleared the guard would send us to /login.
    void navigate(paths.home);
    logout.mutate();
  };
  // Labels hide only on wide screens when collapsed; the phone drawer always shows them.
  const label = collapsed ? 'md:sr-only' : '';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
      collapsed ? 'md:justify-center' : ''
    } ${isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-700'}`;

  return (
    <>
      <div
        data-testid="admin-drawer-backdrop"
        aria-hidden
        className={`fixed inset-0 z-30 bg-black/50 transition-opacity md:hidden ${
          drawerOpen ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        onClick={onCloseDrawer}
      />
      <aside
        id="admin-sidebar"
        aria-label="Admin"
        // A closed phone drawer is off screen: keep it out of the tab order too.
        inert={!isWide && !drawerOpen}
        className={`fixed top-16 bottom-0 left-0 z-30 flex w-64 flex-col border-r border-stone-200 bg-white transition-transform duration-200 md:sticky md:z-10 md:h-[calc(100vh-4rem)] md:translate-x-0 md:transition-[width] ${
          drawerOpen ? 'translate-x-0 shadow-xl' : '-translate-x-full'
        } ${collapsed ? 'md:w-[4.5rem]' : 'md:w-64'}`}
      >
        <div
          className={`flex items-center gap-3 border-b border-stone-200 px-4 py-4 ${collapsed ? 'md:justify-center md:px-2' : ''}`}
        >
          <Avatar name={user?.name ?? 'Admin'} profileImage={user?.profileImage} size={40} />
          <div className={`min-w-0 flex-1 ${label}`}>
            <p className="truncate font-medium text-stone-900">{user?.name ?? 'Admin'}</p>
            <p className="text-xs tracking-wide text-stone-500 uppercase">Administrator</p>
          </div>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close menu"
            className="rounded-md p-1.5 text-stone-500 hover:bg-stone-100 md:hidden"
            onClick={onCloseDrawer}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Admin sections" className="flex flex-1 flex-col gap-1 p-3">
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              title={collapsed ? link.label : undefined}
              className={linkClass}
              onClick={onCloseDrawer}
            >
              <Icon name={link.icon} />
              <span className={label}>{link.label}</span>
              {link.to === paths.admin.messages && unreadMessages > 0 && (
                <span
                  data-testid="unread-messages"
                  className={`ml-auto rounded-full bg-red-700 px-2 text-xs font-bold text-white ${label}`}
                >
                  <span className="sr-only">unread: </span>
                  {unreadMessages}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        <div className="flex flex-col gap-1 border-t border-stone-200 p-3">
          <button
            type="button"
            onClick={onLogout}
            disabled={logout.isPending}
            title={collapsed ? 'Logout' : undefined}
            className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-red-50 hover:text-red-700 disabled:opacity-60 ${
              collapsed ? 'md:justify-center' : ''
            }`}
          >
            <Icon name="logout" />
            <span className={label}>Logout</span>
          </button>
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar"
            className={`hidden items-center gap-3 rounded-lg px-3 py-2 text-sm text-stone-500 hover:bg-stone-100 md:flex ${
              collapsed ? 'md:justify-center' : ''
            }`}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} />
            <span className={label}>Collapse</span>
          </button>
        </div>
      </aside>
    </>
  );
}
