import { useMe } from '@/lib/auth/get-me';
import { RecentOrders } from '@/features/orders/components/recent-orders';
import { CountTiles } from '@/features/user-dashboard/components/count-tiles';
import { LiveClock } from '@/features/user-dashboard/components/live-clock';
import { Earnings } from '@/features/user-dashboard/components/earnings';

export default function Route() {
  const me = useMe();
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-stone-900">Dashboard</h1>
          <p className="mt-1 text-stone-600">Welcome back, {me.data?.name ?? 'guest'}.</p>
        </div>
        <LiveClock />
      </header>
      <CountTiles />
      <RecentOrders />
      <Earnings />
    </div>
  );
}
