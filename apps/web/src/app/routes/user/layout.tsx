import { Outlet } from 'react-router-dom';
import { DashboardSidebar } from '@/features/user-dashboard/components/dashboard-sidebar';

/** The member dashboard: sidebar and the chosen screen, below the fixed 64px navbar. */
export default function Route() {
  return (
    <div className="min-h-screen bg-stone-50 pt-16 md:flex">
      <DashboardSidebar />
      <main className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
