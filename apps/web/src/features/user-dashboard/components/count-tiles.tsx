import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMemberSummary } from '../api/get-summary';

/** The four count tiles, each linking to its screen. */
export function CountTiles() {
  const summary = useMemberSummary();
  const tiles = [
    {
      label: 'Favorite Items',
      value: summary.data?.favourites,
      to: paths.user.favourites,
      tone: 'bg-rose-50 text-rose-700',
    },
    { label: 'Cart Items', value: summary.data?.cartItems, to: paths.user.cart, tone: 'bg-amber-50 text-amber-700' },
    { label: 'Pending Books', value: summary.data?.pendingBooks, to: paths.user.books, tone: 'bg-sky-50 text-sky-700' },
    {
      label: 'Saved Cards',
      value: summary.data?.savedCards,
      to: paths.user.payment,
      tone: 'bg-emerald-50 text-emerald-700',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map((tile) => (
        <li key={tile.label}>
          <Link
            to={tile.to}
            className="block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tile.tone}`}>
              {tile.label}
            </span>
            <span className="mt-3 block text-3xl font-bold text-stone-900" data-testid={`tile-${tile.label}`}>
              {tile.value ??
                (summary.isError ? '–' : <span className="inline-block h-8 w-10 animate-pulse rounded bg-stone-200" />)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
