import { Outlet } from 'react-router-dom';
import { useDashboardSidebar } from '@/components/ui/dashboard-sidebar';
import { MemberSidebar } from '@/features/user-dashboard/components/member-sidebar';

/**
 * The member dashboard: sidebar and the chosen screen, below the fixed 64px navbar. On a phone the
 * sidebar is not shown: the header's menu lists the dashboard's sections, so there is one menu.
 */
export default function Route() {
  const { openDrawer: _phoneDrawer, ...sidebar } = useDashboardSidebar();
  return (
    <div className="min-h-screen bg-stone-50 pt-16 md:flex">
      <div className="hidden md:contents">
        <MemberSidebar {...sidebar} />
      </div>
      <div className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
        <Outlet />
      </div>
    </div>
  );
}
