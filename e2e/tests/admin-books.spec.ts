import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/session';
import { bookPdf, coverPng, uniqueTitle } from './admin-fixtures';
import { createBooks, token } from './public-fixtures';
import { expectPopup, recordPopups } from '../support/popups';

test.beforeEach(({ page }) => recordPopups(page));

test('the admin creates a book with a cover and a PDF, edits it, and deletes it', async ({ page }) => {
  const title = uniqueTitle('Lanterns of Galle');
  const renamed = `${title} (Revised)`;
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/books');
  await expect(page.getByRole('heading', { name: 'Books Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Books' });
  await expect(table.getByRole('columnheader')).toHaveText(['Title', 'Image', 'Price', 'Category', 'Edit', 'Delete']);

  await page.getByRole('link', { name: 'Add New Book' }).click();
  await expect(page).toHaveURL(/#\/admin-dashboard\/add-books$/);
  await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill('12.50');
  await page.getByLabel('Category').fill('Food & Drink');
  await page.getByLabel('Author').fill('Sunethra Cook');
  await page
    .getByLabel('Upload Cover Image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng([21, 128, 61]) });
  await page
    .getByLabel('Upload Book')
    .setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(title) });
  await expect(page.getByText('PDF uploaded')).toBeVisible();
  await page.getByLabel('Short Story').fill('A cook follows the lighthouse lanterns home.');
  await page.getByLabel('Description').fill('Recipes and tales from the old fort.');
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page.getByRole('heading', { name: 'Saved!' })).toBeVisible();
  await expect(page).toHaveURL(/#\/admin-dashboard\/books$/, { timeout: 20_000 });

  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('Food & Drink');
  await expect(row).toContainText('added');
  await expect(row.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();

  // Edit keeps the status and the files; the new title shows in the list.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/#\/admin-dashboard\/add-books\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Edit Book' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Title').fill(renamed);
  await page.getByLabel('Price').fill('free');
  await page.getByRole('button', { name: 'Update Book' }).click();
  await expect(page.getByRole('heading', { name: 'Updated!' })).toBeVisible();
  await expect(page).toHaveURL(/#\/admin-dashboard\/books$/, { timeout: 20_000 });
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toContainText('Free');
  await expect(renamedRow).toContainText('added');

  // Delete asks first; cancelling keeps it.
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText('This will permanently delete the book.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamedRow).toBeVisible();
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expectPopup(page, 'Deleted!', 'Book has been removed.');
  await expect(renamedRow).toHaveCount(0);
  const search = await page.request.get(`/api/books?q=${encodeURIComponent(title)}`);
  expect(((await search.json()) as { total: number }).total).toBe(0);
});

test('books are paged on the server, 5 at a time', async ({ page }) => {
  await loginAsAdmin(page);
  const answered = page.waitForResponse((response) => response.url().includes('/api/books/manage'));
  await page.goto('/#/admin-dashboard/books');
  const response = await answered;
  const url = new URL(response.url());
  expect(url.searchParams.get('page')).toBe('1');
  expect(url.searchParams.get('limit')).toBe('5');
  const { total } = (await response.json()) as { total: number };
  const table = page.getByRole('table', { name: 'Books' });
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(5, total));
  const pages = page.getByRole('navigation', { name: 'Books pages' });
  if (total > 5) {
    const lastPage = Math.ceil(total / 5);
    await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: `Page ${lastPage}`, exact: true })).toBeVisible();
    const second = page.waitForRequest((request) => request.url().includes('/api/books/manage?page=2'));
    await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
    await second;
    await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(table.locator('tbody tr').first()).toBeVisible();
  } else {
    await expect(pages).toHaveCount(0);
  }
});

test('the admin finds books by search and narrows them by status', async ({ page, request }) => {
  const word = `Quillon${token()}`;
  const [book] = await createBooks(request, `Find ${token()}`, [{ title: `${word} Harbour`, price: '3.00' }]);
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/books');
  const table = page.getByRole('table', { name: 'Books' });
  await page.getByLabel('Search books').fill(word);
  await expect(table.getByRole('row').filter({ hasText: book!.title })).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one book
  await page.getByLabel('Status').selectOption('pending');
  await expect(table.getByRole('row').filter({ hasText: book!.title })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('added');
  await expect(table.getByRole('row').filter({ hasText: book!.title })).toHaveCount(1);
});
