import { useState } from 'react';
import type { BookType } from '@ebook/shared';

/** Categories shown before 'More categories'; a large catalogue can have many. */
const FIRST_CATEGORIES = 12;

/** Placeholder chips while the categories load, so the books below do not jump down when they come. */
const PLACEHOLDER_WIDTHS = ['w-44', 'w-48', 'w-52', 'w-36', 'w-56', 'w-44'];

const TYPES: { value: BookType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
];

/** The Free/Paid radios and the category buttons (from the server's facets) with Clear Filter. */
export function LibraryFilters({
  type,
  category,
  categories,
  onType,
  onCategory,
  onClear,
  loading = false,
}: {
  type: BookType;
  category: string;
  categories: { name: string; count: number }[];
  onType: (type: BookType) => void;
  onCategory: (category: string) => void;
  onClear: () => void;
  /** The categories are still on their way. */
  loading?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  // The selected category stays visible (and can be untoggled) even when the facets no longer list it.
  const all =
    category && !categories.some((c) => c.name === category)
      ? [{ name: category, count: 0 }, ...categories]
      : categories;
  const shown = expanded ? all : all.filter((facet, index) => index < FIRST_CATEGORIES || facet.name === category);
  const hidden = all.length - shown.length;
  const chip = 'rounded-full border px-3 py-1.5 text-sm font-medium transition';
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-700">Price</legend>
        <div className="flex flex-wrap gap-2">
          {TYPES.map((option) => (
            <label
              key={option.value}
              className={`${chip} relative cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                type === option.value
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-stone-300 bg-white text-stone-700 hover:border-brand-500'
              }`}
            >
              <input
                type="radio"
                name="book-type"
                value={option.value}
                checked={type === option.value}
                onChange={() => onType(option.value)}
                className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div role="group" aria-labelledby="library-categories">
        <h2 id="library-categories" className="mb-2 text-sm font-semibold text-stone-700">
          Categories
        </h2>
        <div className="flex flex-wrap gap-2">
          {loading &&
            all.length === 0 &&
            PLACEHOLDER_WIDTHS.map((width, index) => (
              <span key={index} aria-hidden className={`h-8.5 animate-pulse rounded-full bg-stone-200 ${width}`} />
            ))}
          {shown.map((facet) => {
            const active = facet.name === category;
            return (
              <button
                key={facet.name}
                type="button"
                aria-pressed={active}
                onClick={() => onCategory(active ? '' : facet.name)}
                className={`${chip} ${
                  active
                    ? 'border-brand-600 bg-brand-50 text-brand-700'
                    : 'border-stone-300 bg-white text-stone-700 hover:border-brand-500'
                }`}
              >
                {facet.name}
                <span className="ml-1.5 text-xs text-stone-500">{facet.count}</span>
              </button>
            );
          })}
          {(hidden > 0 || expanded) && all.length > FIRST_CATEGORIES && (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
              className={`${chip} border-transparent text-brand-700 hover:bg-brand-50`}
            >
              {expanded ? 'Fewer categories' : `More categories (${hidden})`}
            </button>
          )}
          <button
            type="button"
            onClick={onClear}
            disabled={!category && type === 'all'}
            className={`${chip} border-transparent text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-stone-500 disabled:hover:bg-transparent`}
          >
            Clear Filter
          </button>
        </div>
      </div>
    </div>
  );
}
