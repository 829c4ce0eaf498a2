import { SalesReport } from '@/features/admin/components/sales-report';

export default function AdminSalesRoute() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Sales</h1>
      <SalesReport />
    </div>
  );
}
