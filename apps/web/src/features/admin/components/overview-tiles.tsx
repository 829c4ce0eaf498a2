import { useAdminOverview } from '../api/get-overview';
import { Icon, type IconName } from '@/components/ui/icon';

const TILES: Array<{ key: 'members' | 'totalBooks' | 'pendingBooks'; label: string; icon: IconName; tone: string }> = [
  { key: 'members', label: 'Members', icon: 'members', tone: 'bg-sky-50 text-sky-700' },
  { key: 'totalBooks', label: 'Total Books', icon: 'books', tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'pendingBooks', label: 'Pending Books', icon: 'bell', tone: 'bg-amber-50 text-amber-700' },
];

/** The three count tiles: Members, Total Books (in the catalogue), Pending Books. */
export function OverviewTiles() {
  const overview = useAdminOverview();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {TILES.map((tile) => (
        <li
          key={tile.key}
          data-testid={`tile-${tile.key}`}
          className="flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
        >
          <span className={`flex h-12 w-12 items-center justify-center rounded-full ${tile.tone}`}>
            <Icon name={tile.icon} className="h-6 w-6" />
          </span>
          <div>
            <p className="text-sm font-medium text-stone-500">{tile.label}</p>
            {overview.data ? (
              <p className="text-3xl font-bold text-stone-900">{overview.data[tile.key]}</p>
            ) : overview.isError ? (
              <p className="text-sm text-red-700">Unavailable</p>
            ) : (
              <span aria-label="Loading" className="mt-1 block h-8 w-12 animate-pulse rounded bg-stone-200" />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
