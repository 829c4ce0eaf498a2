import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { loginByApi, registerMember } from '../support/session';
import { createBooks, token } from './public-fixtures';

const SHOTS = process.env.READER_SHOTS_DIR;

interface ListedBook {
  _id: string;
  title: string;
}

/**
 * Books of this spec's own (4 pages each, so the paid one has a 1-page sample), so other specs adding
 * or deleting books meanwhile cannot change what is read here.
 */
let free: ListedBook;
let paid: ListedBook;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  [free, paid] = (await createBooks(request, `Reading ${token()}`, [
    { title: `Reader Free ${token()}`, price: '0', pages: 4 },
    { title: `Reader Paid ${token()}`, price: '7.00', pages: 4 },
  ])) as unknown as [ListedBook, ListedBook];
  await request.dispose();
});

const pageShown = (page: Page) => page.getByTestId('reader-page');

// pdf.js starts a worker and draws on the CPU: on a busy machine the first page can take seconds.
test.describe.configure({ timeout: 240_000 });

async function expectPage(page: Page, number: number, of: number) {
  await expect(pageShown(page)).toHaveAttribute('data-rendered-page', String(number), { timeout: 60_000 });
  await expect(page.getByLabel('Page number')).toHaveValue(String(number));
  await expect(page.getByTestId('reader-page-of')).toHaveText(`of ${of}`);
}

test('reads a free book from its page, turning pages by keyboard @phone', async ({ page }) => {
  const book = free;
  await page.goto(`/#/book/${book._id}`);
  await page.getByRole('link', { name: `Read ${book.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/read/${book._id}$`));
  await expectPage(page, 1, 4);
  await page.keyboard.press('ArrowRight');
  await expectPage(page, 2, 4);
  await page.keyboard.press('PageDown');
  await expectPage(page, 3, 4);
  await page.keyboard.press('ArrowLeft');
  await expectPage(page, 2, 4);
  await page.keyboard.press('End');
  await expectPage(page, 4, 4);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.keyboard.press('Home');
  await expectPage(page, 1, 4);
  await page.getByLabel('Page number').fill('3');
  await page.getByLabel('Page number').press('Enter');
  await expectPage(page, 3, 4);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reader-${test.info().project.name}.png` });
  // A visitor's place is kept in this browser.
  await page.reload();
  await expectPage(page, 3, 4);
});

test('a member continues on a second browser where they left off', async ({ browser }) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const member = await registerMember(firstPage.request, 'Cora Reader');
  await loginByApi(firstPage, member.email, member.password);
  const book = free;
  await firstPage.goto(`/#/read/${book._id}`);
  await expectPage(firstPage, 1, 4);
  const saved = firstPage.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/books/${book._id}/progress`) &&
      response.request().method() === 'PUT' &&
      (response.request().postDataJSON() as { page: number }).page === 3,
  );
  await firstPage.keyboard.press('ArrowRight');
  await firstPage.keyboard.press('ArrowRight');
  await expectPage(firstPage, 3, 4);
  expect((await saved).status()).toBe(200);
  await first.close();

  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await loginByApi(secondPage, member.email, member.password);
  await secondPage.goto(`/#/read/${book._id}`);
  await expectPage(secondPage, 3, 4);

  await secondPage.goto('/#/user-dashboard/my-library');
  const row = secondPage.getByTestId('continue-reading-book').filter({ hasText: book.title });
  await expect(row.getByTestId('reading-progress')).toHaveText('page 3 of 4');
  if (SHOTS) await secondPage.screenshot({ path: `${SHOTS}/my-library.png`, fullPage: true });
  await row.getByRole('link', { name: `Continue reading ${book.title}` }).click();
  await expectPage(secondPage, 3, 4);
  await second.close();
});

test('Read A Little opens only the sample of a paid book', async ({ page }) => {
  const book = paid;
  const fullBookRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/books/${book._id}/pdf`)) fullBookRequests.push(request.url());
  });
  await page.goto(`/#/book/${book._id}`);
  await expect(page.getByRole('link', { name: `Read ${book.title}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Read A Little' }).click();
  await expect(page).toHaveURL(new RegExp(`#/read/${book._id}/sample$`));
  // 10% of 4 pages, at least one: the sample is the first page.
  await expectPage(page, 1, 1);
  await expect(page.getByText('Sample', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expectPage(page, 1, 1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sample.png` });
  expect(fullBookRequests).toEqual([]);
});

test('a paid book the visitor has not bought gets a clear message, not a blank page', async ({ page }) => {
  const book = paid;
  await page.goto(`/#/read/${book._id}`);
  await expect(page.getByRole('alert')).toContainText('Please log in to read this book');
  await expect(pageShown(page)).toHaveCount(0);
});
