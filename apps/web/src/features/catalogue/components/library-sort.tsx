import type { LibrarySort } from '../hooks/use-library-params';

const LABELS: Record<Exclude<LibrarySort, ''>, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
};

/** The library's order, sorted by the server; the first choice is its default for what is shown. */
export function LibrarySortSelect({
  value,
  searching,
  onSort,
}: {
  value: LibrarySort;
  searching: boolean;
  onSort: (sort: LibrarySort) => void;
}) {
  // Without a search the default is newest first: one "Newest", not two.
  const choices = (Object.keys(LABELS) as Exclude<LibrarySort, ''>[]).filter((sort) => searching || sort !== 'newest');
  return (
    <label className="flex items-center gap-2 text-sm text-stone-700">
      Sort by
      <select
        value={!searching && value === 'newest' ? '' : value}
        onChange={(event) => onSort(event.target.value as LibrarySort)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        <option value="">{searching ? 'Best match' : 'Newest'}</option>
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {LABELS[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
