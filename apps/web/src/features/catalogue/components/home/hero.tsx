import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-amber-100 pb-20 pt-32">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Your online library</p>
          <h1 className="mt-3 font-serif text-4xl font-bold leading-tight text-stone-900 sm:text-5xl">
            Welcome to Bookshelf: stories for every reader
          </h1>
          <p className="mt-4 max-w-prose text-lg text-stone-600">
            Download timeless classics for free, or buy new e-books and read them on any device.
          </p>
          <Link
            to={paths.library}
            className="mt-8 inline-flex items-center gap-2 rounded-xl bg-brand-600 px-6 py-3 text-lg font-semibold text-white shadow-lg hover:bg-brand-700"
          >
            Browse Library
            <span aria-hidden>→</span>
          </Link>
        </div>
        <div aria-hidden className="relative mx-auto hidden h-72 w-72 md:block">
          {[
            'bg-brand-600 rotate-[-8deg]',
            'bg-emerald-700 rotate-[4deg] translate-x-10',
            'bg-stone-800 rotate-[12deg] translate-x-20',
          ].map((style) => (
            <div
              key={style}
              className={`absolute inset-y-0 left-6 w-44 rounded-r-2xl rounded-l-md shadow-2xl ${style}`}
            >
              <div className="ml-4 mt-8 h-2 w-24 rounded bg-white/60" />
              <div className="ml-4 mt-3 h-2 w-16 rounded bg-white/40" />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
