import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { recordConsoleErrors } from '../support/console-errors';
import { newMember } from '../support/session';
import { createShelf, settleSample } from './public-fixtures';

let shelf: Awaited<ReturnType<typeof createShelf>>;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  shelf = await createShelf(request);
  await request.dispose();
});

test.describe('book detail', () => {
  test('a paid book: label, price, Add To Cart, Book Information with N/A, tabs by keyboard', async ({ page }) => {
    const book = shelf.byTitle('Cartographer');
    await page.goto(`/#/book/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await expect(page.getByText('Available in Stock')).toBeVisible();
    await expect(page.getByText('Free to Download')).toHaveCount(0);
    await expect(page.getByRole('img', { name: `Cover of ${book.title}` })).toBeVisible();
    await expect(page.getByTestId('book-price')).toHaveText('$11.00');
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);

    const info = page.getByRole('complementary', { name: 'Book Information' });
    const row = (label: string) => info.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row('SKU')).toContainText(`SKU-${shelf.word}`);
    await expect(row('Tags')).toContainText('maps, sea');
    await expect(row('Category')).toContainText(shelf.category);
    await expect(row('Total Page')).toContainText('312');
    await expect(row('Publish Year')).toContainText('1888');
    await expect(row('Century')).toContainText('19th');
    await expect(row('Language')).toContainText('N/A');

    const tabs = page.getByRole('tablist', { name: 'About this book' });
    await expect(tabs.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(`All about ${book.title}.`);
    await tabs.getByRole('tab', { name: 'Description' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Additional Information' })).toBeFocused();
    const additional = page.getByRole('tabpanel', { name: 'Additional Information' });
    await expect(additional).toContainText('Availability');
    await expect(additional).toContainText('Available');
    await expect(additional).toContainText('English');
    await expect(additional).toContainText('1888');
    await page.keyboard.press('ArrowRight');
    const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
    await expect(reviews).toContainText('Log in to review this book.');
    await expect(reviews).toContainText('No reviews yet. Be the first to review this book!');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });

  test('Read A Little shows the story in a modal that Esc and Close both close @phone', async ({ page }) => {
    const book = shelf.byTitle('Saffron Harbour');
    // A 1-page book: no sample can be cut, so Read A Little is the story (a longer book opens its sample).
    await settleSample(page.request, book._id);
    await page.goto(`/#/book/${book._id}`);
    const opener = page.getByRole('button', { name: 'Read A Little' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: book.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The tide came in over the saffron harbour at dawn.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('a free book: label, no price or cart, and Download saves "<title>.pdf" @phone', async ({ page }) => {
    const book = shelf.byTitle('Free Tale 1');
    await page.goto(`/#/book/${book._id}`);
    await expect(page.getByText('Free to Download')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Read A Little' })).toHaveCount(0);
    await expect(page.getByTestId('book-price')).toHaveCount(0);
    const info = page.getByRole('complementary', { name: 'Book Information' });
    // Format: the formats of the book's files (this one has its PDF only).
    await expect(info.locator('dd')).toHaveText(['N/A', 'N/A', shelf.category, 'PDF', 'N/A', 'N/A', 'N/A', 'N/A']);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`${book.title}.pdf`);
  });

  test('the book page reports no error in the console, to a visitor or to a member who may review @phone', async ({
    page,
  }) => {
    const book = shelf.byTitle('Saffron Harbour');
    const errors = recordConsoleErrors(page);
    await page.goto(`/#/book/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    const cover = page.getByRole('img', { name: `Cover of ${book.title}` });
    await expect(cover).toBeVisible();
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Reviews' })).toContainText('Log in to review this book.');
    expect(errors).toEqual([]);

    // A member who owns the book: the review form (loaded only for them) comes, still without an error.
    await newMember(page, 'Cleo Console');
    const card = await page.request.post('/api/payment', {
      data: { cardHolder: 'Cleo Console', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
    });
    expect(card.status()).toBe(201);
    const cardId = ((await card.json()) as { card: { _id: string } }).card._id;
    expect((await page.request.post('/api/cart/add', { data: { bookId: book._id } })).status()).toBe(201);
    const order = await page.request.post('/api/orders', { data: { books: [book._id], paymentId: cardId } });
    expect(order.status()).toBe(201);
    await page.goto(`/#/book/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a malformed book link shows "Book not found." without asking the API or a console error @phone', async ({
    page,
  }) => {
    const errors = recordConsoleErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/books/')) asked.push(request.url());
    });
    // Not ids of the form the API accepts: a link built from a missing value, a word, a UUID of no version.
    for (const id of ['undefined', 'abc', '01a217fe-869d-0fa2-b887-05ce9c057923']) {
      await page.goto('about:blank');
      await page.goto(`/#/book/${id}`);
      await expect(page.getByText('Book not found.')).toBeVisible();
      await expect(page).toHaveTitle('Book not found · Bookshelf');
    }
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('an unknown book shows "Book not found."', async ({ page }) => {
    await page.goto('/#/book/01900000-0000-7000-8000-000000000000');
    await expect(page.getByText('Book not found.')).toBeVisible();
    await page.goto('/#/book/not-an-id');
    await expect(page.getByText('Book not found.')).toBeVisible();
  });
});
