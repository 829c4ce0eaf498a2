import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { UserBooksTable } from '@/features/user-books/components/user-books-table';
import { useStoreCurrency } from '@/lib/store-currency';

export default function Route() {
  const currency = useStoreCurrency();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Books Management</h1>
        <Link
          to={paths.user.addBook}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow hover:bg-brand-700"
        >
          Add New Book
        </Link>
      </div>
      <UserBooksTable currency={currency} />
    </div>
  );
}
