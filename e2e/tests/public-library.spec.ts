import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { createShelf } from './public-fixtures';

let shelf: Awaited<ReturnType<typeof createShelf>>;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  shelf = await createShelf(request);
  await request.dispose();
});

const cards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('listitem');
const categoryButton = (page: Page) => page.getByRole('button', { name: shelf.category });
const pages = (page: Page) => page.getByRole('navigation', { name: 'Library pages' });

/** Waits for the facets, opening 'More categories' when the catalogue has many. */
async function revealCategories(page: Page) {
  await expect(cards(page).first()).toBeVisible();
  const more = page.getByRole('button', { name: /^More categories/ });
  if (await more.isVisible()) await more.click();
}

async function openShelf(page: Page) {
  await page.goto('/#/library');
  await revealCategories(page);
  await categoryButton(page).click();
  await expect(page.getByText('11 books')).toBeVisible();
}

test.describe('library', () => {
  test('search waits for typing to stop and forgives a typo @phone', async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/books' && url.searchParams.has('q')) searches.push(url.searchParams.get('q')!);
    });
    await page.goto('/#/library');
    await expect(cards(page).first()).toBeVisible();
    // Keys back to back: a page busy drawing earlier results must not see a 300 ms gap mid-word. A search
    // per key would still be 14 searches.
    await page.getByLabel('Search books by title').pressSequentially('saffron harbor');
    await expect(cards(page).filter({ hasText: `Saffron Harbour ${shelf.word}` })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=saffron\+harbor/);
    await expect(page.getByLabel('Search books by title')).toHaveValue('saffron harbor');
    // Searched when typing stopped, not once per key (a slow machine may pause mid-word once or twice).
    // The address changes before the search is sent (and the book may show unfiltered): wait for it.
    await expect.poll(() => searches.at(-1)).toBe('saffron harbor');
    expect(searches.length).toBeLessThanOrEqual(3);
  });

  test('shows the empty-state text when nothing matches', async ({ page }) => {
    await page.goto('/#/library?q=qqzzxxj%20vvwwk');
    await expect(page.getByText('No books found for your filter.')).toBeVisible();
    await expect(pages(page)).toHaveCount(0);
  });

  test('a made-up word beside a real one finds nothing, where a typo still finds the book @phone', async ({ page }) => {
    await page.goto('/#/library');
    await expect(cards(page).first()).toBeVisible();
    const search = page.getByLabel('Search books by title');
    // Nine titles of the shelf hold "tale": a made-up word beside it must not leave "tale" alone to match.
    await search.fill('zqxj-no-such-tale');
    await expect(page.getByText('No books found for your filter.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await search.fill(`saffron harbur ${shelf.word}`);
    await expect(cards(page).first()).toContainText(`Saffron Harbour ${shelf.word}`);
    await expect(page.getByText('No books found for your filter.')).toHaveCount(0);
  });

  test("sorts by price both ways, kept in the address; an author's name searches by it @phone", async ({ page }) => {
    await openShelf(page);
    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(cards(page).nth(0)).toContainText(`Cartographer ${shelf.word}`);
    await expect(cards(page).nth(1)).toContainText(`Paid Tale 5 ${shelf.word}`);
    await expect(cards(page).nth(2)).toContainText(`Saffron Harbour ${shelf.word}`);
    await sort.selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(cards(page).nth(0)).toContainText('Free Tale');
    await expect(cards(page).nth(4)).toContainText(`Paid Tale 1 ${shelf.word}`);
    await page.reload();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(cards(page).nth(4)).toContainText(`Paid Tale 1 ${shelf.word}`);

    // The author's name on the book page: the library searched by it.
    await page.goto(`/#/book/${shelf.byTitle('Cartographer')._id}`);
    await page.getByRole('link', { name: 'Author 11', exact: true }).click(); // createBooks numbers the authors
    await expect(page).toHaveURL(/#\/library\?q=Author\+11$/);
    await expect(page.getByLabel('Search books by title')).toHaveValue('Author 11');
    await expect(cards(page).first()).toBeVisible();
  });

  test('Free and Paid radios filter the books, and free books cannot go in the cart', async ({ page }) => {
    await openShelf(page);
    await page.getByRole('radio', { name: 'Free' }).click();
    await expect(page.getByText('4 books')).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    for (const card of await cards(page).all()) {
      await expect(card.getByTestId('book-price')).toHaveText('Free');
      await expect(card.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    }
    await expect(page).toHaveURL(/type=free/);

    await page.getByRole('radio', { name: 'Paid' }).click();
    await expect(page.getByText('7 books')).toBeVisible();
    for (const card of await cards(page).all()) {
      await expect(card.getByTestId('book-price')).toHaveText(/^\$\d+\.\d\d$/);
      await expect(card.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
    }
    await page.getByRole('radio', { name: 'All' }).click();
    await expect(page.getByText('11 books')).toBeVisible();
  });

  test('a category click toggles the filter, and Clear Filter removes it', async ({ page }) => {
    await page.goto('/#/library');
    await revealCategories(page);
    const button = categoryButton(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(shelf.category).replace(/%20/g, '\\+')}`));
    await expect(page.getByText('11 books')).toBeVisible();

    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/category=/);

    await button.click();
    await page.getByRole('radio', { name: 'Paid' }).click();
    await expect(page.getByText('7 books')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(page).not.toHaveURL(/category=|type=/);
  });

  test('pages hold 9 books; any filter change goes back to page 1 @phone', async ({ page }) => {
    await openShelf(page);
    await expect(cards(page)).toHaveCount(9);
    await expect(pages(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages(page).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pages(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(2);
    await expect(pages(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pages(page).getByRole('button', { name: 'Next' })).toBeDisabled();

    // Keyboard: focus page 1 and press Enter.
    await pages(page).getByRole('button', { name: 'Page 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(9);

    await pages(page).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('radio', { name: 'Paid' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(pages(page)).toHaveCount(0); // 7 paid books: one page.

    await page.getByRole('radio', { name: 'All' }).click();
    await pages(page).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByLabel('Search books by title').fill('tale');
    await expect(page).toHaveURL(/q=tale/);
    await expect(page).not.toHaveURL(/page=/);
  });

  test('the address keeps search, type, category and page across a reload', async ({ page }) => {
    const category = encodeURIComponent(shelf.category);
    await page.goto(`/#/library?q=tale&type=paid&category=${category}`);
    await expect(page.getByText('5 books for “tale”')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Search books by title')).toHaveValue('tale');
    await expect(page.getByRole('radio', { name: 'Paid' })).toBeChecked();
    await expect(categoryButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(5);

    await page.goto(`/#/library?category=${category}&page=2`);
    await page.reload();
    await expect(pages(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page)).toHaveCount(2);
  });

  test('a card shows cover, title, author and price, and View opens the book', async ({ page }) => {
    await openShelf(page);
    const book = shelf.byTitle('Cartographer');
    const card = cards(page).filter({ hasText: book.title });
    await expect(card.getByRole('img', { name: `Cover of ${book.title}` })).toHaveAttribute('loading', 'lazy');
    await expect(card.getByTestId('book-price')).toHaveText('$11.00');
    await expect(card).toContainText('Author 11');
    await card.getByRole('link', { name: `View ${book.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/book/${book._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  });
});
