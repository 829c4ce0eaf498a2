import { Outlet } from 'react-router-dom';
import { useDashboardSidebar } from '@/components/ui/dashboard-sidebar';
import { AdminSidebar } from '@/features/admin/components/admin-sidebar';

/**
 * The admin dashboard shell: the sidebar beside the page, below the fixed navigation bar. On a phone
 * the header's menu lists the admin's sections instead, so there is one menu.
 */
export default function AdminLayout() {
  const { openDrawer: _phoneDrawer, ...sidebar } = useDashboardSidebar('admin-sidebar-collapsed');
  return (
    <div className="flex min-h-screen bg-stone-50 pt-16">
      <div className="hidden md:contents">
        <AdminSidebar {...sidebar} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
