/**
 * The admin's Import & export screen: a zip of a real calibre library (made by calibredb:
 * fixtures/README.md) is previewed (what will be created, the format left out and why), confirmed,
 * its progress bar runs to the end and the summary shows; the imported books are in the catalogue.
 * A member downloads their data from Profile. axe finds nothing serious on either screen; screenshots
 * on desktop and phone go to IMPORT_SHOTS_DIR when set.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { loginAsAdmin, newMember } from '../support/session';

const SHOTS = process.env.IMPORT_SHOTS_DIR;
const LIBRARY = new URL('../fixtures/calibre-library.zip', import.meta.url);
const BOOKS = 5;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
};

const count = async (page: Page, label: string) =>
  Number(await page.getByTestId('import-summary').locator('div', { hasText: label }).locator('dd').innerText());

test('the admin previews a calibre library, confirms, watches it import and reads the summary', async ({ page }) => {
  test.setTimeout(600_000);
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  await page.getByRole('link', { name: 'Import & export' }).first().click();
  await expect(page.getByRole('heading', { name: 'Import & export', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders (CSV)' })).toHaveAttribute('href', '/api/admin/orders/export');
  await expectNoSeriousViolations(page, 'import form');
  await shot(page, 'import-form');

  await page.getByLabel('Catalogue file (CSV, or a zip of a calibre library)').setInputFiles({
    name: 'calibre-library.zip',
    mimeType: 'application/zip',
    buffer: readFileSync(LIBRARY),
  });
  await page.getByLabel('Price of books without one').fill('3.99');
  await expect(page.getByLabel('Calibre column holding the price (optional)')).toBeVisible();
  const state = page.getByTestId('import-state');
  // The other project's browser may be importing the same library: one import runs at a time.
  await expect(async () => {
    if (!(await page.getByRole('button', { name: 'Preview import' }).isVisible())) return;
    await page.getByRole('button', { name: 'Preview import' }).click();
    await expect(state).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 400_000, intervals: [2_000, 5_000] });

  await expect(page.getByRole('heading', { name: /^Preview: Done/ })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(`${BOOKS} of ${BOOKS} books`)).toBeVisible();
  const previewed = (await count(page, 'Will be created')) + (await count(page, 'Unchanged'));
  expect(previewed + (await count(page, 'Will be updated'))).toBe(BOOKS);
  const files = page.getByRole('table', { name: 'Files left out, and why' });
  await expect(files.getByRole('row', { name: /\.txt Only PDF and EPUB are imported/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'import preview');
  await shot(page, 'import-preview');

  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Import: Done/ })).toBeVisible({ timeout: 300_000 });
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', `${BOOKS}`);
  const written =
    (await count(page, 'Were created')) + (await count(page, 'Were updated')) + (await count(page, 'Unchanged'));
  expect(written).toBe(BOOKS);
  expect(await count(page, 'Need a file')).toBe(0);
  await expectNoSeriousViolations(page, 'import summary');
  await shot(page, 'import-summary');
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(page.getByRole('button', { name: 'Preview import' })).toBeVisible();

  // The books are in the catalogue (the first of the library: A Handful of Stars).
  const found = await page.request.get('/api/books?q=Handful');
  expect(((await found.json()) as { total: number }).total).toBeGreaterThan(0);
});

test('a member downloads their data from Profile @phone', async ({ page }) => {
  const member = await newMember(page, 'Dora Data');
  await page.goto('/#/user-dashboard/profile');
  const link = page.getByRole('link', { name: 'Download my data' });
  await expect(link).toBeVisible();
  await expectNoSeriousViolations(page, 'profile');
  await link.scrollIntoViewIfNeeded();
  await shot(page, 'profile-my-data');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string }; books: [] };
  expect(data.profile.email).toBe(member.email);
  expect(data.books).toEqual([]);
});
