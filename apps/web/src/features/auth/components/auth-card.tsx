import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-stone-100 px-4 pt-24 pb-12">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 shadow-lg">
        <Link to={paths.home} className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">{title}</h1>
        <p className="mt-1 text-stone-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
