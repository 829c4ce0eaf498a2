import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AdminSidebar } from '@/features/admin/components/admin-sidebar';
import { Icon } from '@/features/admin/components/admin-icons';

const COLLAPSED_KEY = 'admin-sidebar-collapsed';

/** The admin dashboard shell: the sidebar beside the page, below the fixed navigation bar. */
export default function AdminLayout() {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setDrawerOpen(false), [pathname]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const toggleCollapsed = () =>
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      return !value;
    });

  return (
    <div className="flex min-h-screen bg-stone-50 pt-16">
      <AdminSidebar
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        drawerOpen={drawerOpen}
        onCloseDrawer={closeDrawer}
      />
      <div className="min-w-0 flex-1">
        <div className="border-b border-stone-200 bg-white px-4 py-2 md:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="admin-sidebar"
            className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-brand-50"
          >
            <Icon name="menu" />
            Admin menu
          </button>
        </div>
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
