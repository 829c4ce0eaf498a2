import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LibraryFilters } from './library-filters';

const facets = Array.from({ length: 15 }, (_, n) => ({
  name: `Category ${String(n + 1).padStart(2, '0')}`,
  count: n + 1,
}));

function renderFilters(category = '', onCategory = vi.fn()) {
  render(
    <LibraryFilters
      type="all"
      category={category}
      categories={facets}
      onType={() => {}}
      onCategory={onCategory}
      onClear={() => {}}
    />,
  );
  return onCategory;
}

describe('library filters', () => {
  it('shows the first 12 categories and the rest on request', async () => {
    renderFilters();
    expect(screen.queryByRole('button', { name: /Category 13/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More categories (3)' }));
    expect(screen.getByRole('button', { name: /Category 15/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fewer categories' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the selected category visible and toggles it off on a second click', async () => {
    const onCategory = renderFilters('Category 14');
    const selected = screen.getByRole('button', { name: /Category 14/ });
    expect(selected).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(selected);
    await userEvent.click(screen.getByRole('button', { name: /Category 02/ }));
    expect(onCategory.mock.calls).toEqual([[''], ['Category 02']]);
  });

  it('keeps a selected category the facets no longer list, so it can be cleared', () => {
    renderFilters('Gone');
    expect(screen.getByRole('button', { name: /Gone/ })).toHaveAttribute('aria-pressed', 'true');
  });
});
