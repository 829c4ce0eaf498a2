import { Outlet } from 'react-router-dom';
import { useDashboardSidebar } from '@/components/ui/dashboard-sidebar';
import { Icon } from '@/components/ui/icon';
import { AdminSidebar } from '@/features/admin/components/admin-sidebar';

/** The admin dashboard shell: the sidebar beside the page, below the fixed navigation bar. */
export default function AdminLayout() {
  const { openDrawer, ...sidebar } = useDashboardSidebar('admin-sidebar-collapsed');
  return (
    <div className="flex min-h-screen bg-stone-50 pt-16">
      <AdminSidebar {...sidebar} />
      <div className="min-w-0 flex-1">
        <div className="border-b border-stone-200 bg-white px-4 py-2 md:hidden">
          <button
            type="button"
            onClick={openDrawer}
            aria-expanded={sidebar.drawerOpen}
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
