import { OrdersTable } from '@/features/admin/components/orders-table';

export default function AdminOrdersRoute() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Orders</h1>
      <OrdersTable />
    </div>
  );
}
