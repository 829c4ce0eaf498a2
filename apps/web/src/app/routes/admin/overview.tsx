import { OverviewTiles } from '@/features/admin/components/overview-tiles';
import { PendingBooksTable } from '@/features/admin/components/pending-books-table';
import { PromotionForm } from '@/features/admin/components/promotion-form';

export default function AdminOverviewRoute() {
  return (
    <div className="space-y-8">
      <header className="flex items-center justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-stone-900">Admin Dashboard</h1>
          <p className="text-stone-500">Members, books and submissions at a glance.</p>
        </div>
      </header>
      <OverviewTiles />
      <PendingBooksTable />
      <PromotionForm />
    </div>
  );
}
