import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BooksTable } from '@/features/admin/components/books-table';

export default function AdminBooksRoute() {
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Books Management</h1>
        <Link
          to={paths.admin.addBook}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
            <path d="M12 5v14M5 12h14" strokeLinecap="round" />
          </svg>
          Add New Book
        </Link>
      </header>
      <BooksTable />
    </div>
  );
}
