import { Outlet } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDashboardSidebar } from '@/components/ui/dashboard-sidebar';
import { MemberSidebar } from '@/features/user-dashboard/components/member-sidebar';
import { useMe } from '@/lib/auth/get-me';

/** The member dashboard: sidebar and the chosen screen, below the fixed 64px navbar. */
export default function Route() {
  const { openDrawer, ...sidebar } = useDashboardSidebar();
  const { data: user } = useMe();
  return (
    <div className="min-h-screen bg-stone-50 pt-16 md:flex">
      <MemberSidebar {...sidebar} />
      <div className="sticky top-16 z-20 flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-2 md:hidden">
        <Button
          variant="secondary"
          size="sm"
          onClick={openDrawer}
          aria-label="Open dashboard menu"
          aria-expanded={sidebar.drawerOpen}
          aria-controls="member-sidebar"
        >
          ☰ Menu
        </Button>
        <span className="truncate text-sm text-stone-600">{user?.name || 'guest'}</span>
      </div>
      <main className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
