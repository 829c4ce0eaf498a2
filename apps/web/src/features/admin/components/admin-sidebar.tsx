/**
 * The admin dashboard's sidebar: Dashboard, Members, Books, Orders, Sales, Import & export, Messages (with the unread count). The
 * add-books page is reached from the Books page, not listed here.
 */
import { DashboardSidebar, type DashboardSidebarState, type SidebarEntry } from '@/components/ui/dashboard-sidebar';
import { paths } from '@/config/paths';
import { UnreadMessagesBadge } from './unread-messages-badge';

export function AdminSidebar(state: DashboardSidebarState) {
  const entries: SidebarEntry[] = [
    { to: paths.admin.root, label: 'Dashboard', icon: 'dashboard', end: true },
    { to: paths.admin.members, label: 'Members', icon: 'members' },
    { to: paths.admin.books, label: 'Books', icon: 'books' },
    { to: paths.admin.orders, label: 'Orders', icon: 'receipt' },
    { to: paths.admin.sales, label: 'Sales', icon: 'chart' },
    { to: paths.admin.imports, label: 'Import & export', icon: 'upload' },
    {
      to: paths.admin.messages,
      label: 'Messages',
      icon: 'mail',
      badge: <UnreadMessagesBadge />,
    },
  ];
  return (
    <DashboardSidebar
      id="admin-sidebar"
      label="Admin"
      navLabel="Admin sections"
      entries={entries}
      detail={<span className="tracking-wide uppercase">Administrator</span>}
      fallbackName="Admin"
      {...state}
    />
  );
}
