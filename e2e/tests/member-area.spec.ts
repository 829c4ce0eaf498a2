import { expect, test, type Page } from '@playwright/test';
import { newMember } from '../support/session';
import { bookPdf, coverPng, uniqueTitle } from './admin-fixtures';

const SHOTS = process.env.MEMBER_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('a member submits a book through the member form and sees it pending', async ({ page }) => {
  await newMember(page);
  const title = uniqueTitle('Monsoon Letters');
  await page.goto('/#/user-dashboard/userBooks');
  await expect(page.getByRole('heading', { name: 'Books Management' })).toBeVisible();
  await expect(page.getByText('No books found.')).toBeVisible();
  await page.getByRole('link', { name: 'Add New Book' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill('6.50');
  await page.getByLabel('Category').fill('Biographies & Memoirs');
  await page.getByLabel('Author').fill('Nimali Perera');
  await page
    .getByLabel('Upload Cover Image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await page
    .getByLabel('Upload Book')
    .setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(title) });
  await page.getByLabel('Short Story').fill('Letters carried across the island in the rains.');
  await page.getByLabel('Description').fill('A memoir in letters.');
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page).toHaveURL(/#\/user-dashboard\/userBooks$/, { timeout: 20_000 });

  const row = page.getByTestId('user-book-row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('$6.50');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await shot(page, 'user-books');

  await page.goto('/#/user-dashboard');
  await expect(page.getByTestId('tile-Pending Books')).toHaveText('1');

  // Delete asks first, then the row goes.
  await page.goto('/#/user-dashboard/userBooks');
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Book has been removed.')).toBeVisible();
  await expect(page.getByText('No books found.')).toBeVisible();
});

test('profile edit: cancel restores, save keeps @phone', async ({ page }) => {
  await newMember(page, 'Ada Reader');
  await page.goto('/#/user-dashboard/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Reader');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Reader');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Reader');
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: coverPng([15, 118, 110], 64, 64) });
  await shot(page, 'profile-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
  await expect(page.getByRole('img', { name: "Ada Lovelace's picture" }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
});

test('the dashboard shell: clock, bell, sidebar and logout @phone', async ({ page, isMobile }) => {
  await newMember(page, 'Sam Shell');
  await page.goto('/#/user-dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const clock = page.getByTestId('clock');
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? '', { timeout: 30_000 });
  // A new member has no events yet: the bell says so (its events are tested in notifications.spec.ts).
  await page.getByRole('button', { name: 'Notifications (0)' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('No notifications yet');
  await page.keyboard.press('Escape');
  await expect(page.getByText('No orders placed in the last 2 days.')).toBeVisible();
  await shot(page, isMobile ? 'home-phone' : 'home-empty');

  // On a phone the header's menu is the one menu, and it holds the dashboard's sections.
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: isMobile ? 'Your account' : 'Dashboard' });
  for (const label of ['Dashboard', 'Books', 'Profile', 'Favourites', 'Cart', 'Payment', 'My Library']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  if (isMobile) await shot(page, 'drawer-phone');
  await nav.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  if (isMobile) {
    await expect(page.getByRole('button', { name: 'Open dashboard menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/$/);
});
