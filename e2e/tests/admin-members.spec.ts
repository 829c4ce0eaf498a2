import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { expectPopup, recordPopups } from '../support/popups';
import { PASSWORD, loginAsAdmin, registerMember } from '../support/session';

test.beforeEach(({ page }) => recordPopups(page));

test('members are listed 5 per page with numbered buttons, never admins', async ({ page }) => {
  for (let i = 0; i < 6; i += 1) await registerMember(page.request, `Paging Reader ${i}`);
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/members');
  await expect(page.getByRole('heading', { name: 'Members Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Phone', 'Actions']);
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table).not.toContainText(ADMIN.email);

  const pages = page.getByRole('navigation', { name: 'Members pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstPageNames = await table.locator('tbody tr td:first-child').allInnerTexts();
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(table.locator('tbody tr').first()).not.toHaveText(firstPageNames[0]!);
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  await expect(pages.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current', 'page');
});

test('the admin deletes a member after confirming, and the member can no longer sign in @phone', async ({ page }) => {
  const name = `Leaving Reader ${Date.now().toString(36)}`;
  const member = await registerMember(page.request, name);
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/members');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('+94771234567');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText('This will permanently delete the Member.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expectPopup(page, 'Deleted!', 'Member has been removed.');
  await expect(row).toHaveCount(0);

  const login = await page.request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test('the admin sidebar leads to every section; on phones the header menu does, as the one menu @phone', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
  const menu = isPhone
    ? page.getByRole('navigation', { name: 'Admin' })
    : page.getByRole('complementary', { name: 'Admin' });
  const open = async () => {
    if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
  };
  if (isPhone) await expect(page.getByRole('complementary', { name: 'Admin' })).toBeHidden();
  else await expect(menu.getByText('Store Admin')).toBeVisible();
  await open();
  await menu.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members Management' })).toBeVisible();
  await open();
  await menu.getByRole('link', { name: 'Books' }).click();
  await expect(page.getByRole('heading', { name: 'Books Management' })).toBeVisible();
  await open();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/$/);
  // The app goes home first, then ends the session (lib/auth/logout.ts): wait for the server's answer.
  await expect.poll(async () => (await page.request.get('/api/admin/overview')).status()).toBe(401);
});
