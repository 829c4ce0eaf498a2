import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, loginAsAdmin, uniqueEmail } from '../support/session';
import { submitBook, uniqueTitle } from './admin-fixtures';

async function tileValue(page: Page, key: 'members' | 'totalBooks' | 'pendingBooks'): Promise<number> {
  const tile = page.getByTestId(`tile-${key}`);
  await expect(tile.locator('p.text-3xl')).toBeVisible();
  return Number(await tile.locator('p.text-3xl').innerText());
}

test('a member submission is approved into the library; another is rejected and never appears', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The member submits two books from their own session.
  const memberName = `Kamala ${Date.now().toString(36)}`;
  const member = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail('submitter');
  await member.post('/api/auth/register', {
    data: { name: memberName, email, phone: '+94771234567', password: PASSWORD },
  });
  expect((await member.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const approvedTitle = uniqueTitle('The Approved Voyage');
  const rejectedTitle = uniqueTitle('The Rejected Draft');
  await submitBook(member, { title: approvedTitle, author: 'Anula Approved', price: '7.25' });
  await submitBook(member, { title: rejectedTitle, author: 'Rohan Rejected', price: 'free' });
  await member.dispose();

  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // The bell counts unread events; a submission's entry names the book, author, member, status and time.
  const bell = page.getByRole('button', { name: /^Notifications \(\d+\)$/ });
  await expect(bell).not.toHaveAccessibleName('Notifications (0)');
  await expect(page.getByTestId('notification-count')).toBeVisible();
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const entry = panel.getByRole('listitem').filter({ hasText: approvedTitle });
  await expect(entry).toContainText('by Anula Approved');
  await expect(entry).toContainText(`Added by ${memberName}`);
  await expect(entry).toContainText('pending');
  await expect(entry).toContainText('just now');
  await expect(entry).toContainText('New book submitted');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  // A click outside closes it too.
  await bell.click();
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).click();
  await expect(panel).toBeHidden();

  const pendingBefore = await tileValue(page, 'pendingBooks');

  const approvedRow = page.getByRole('row').filter({ hasText: approvedTitle });
  await expect(approvedRow).toContainText(memberName);
  await expect(approvedRow).toContainText('$7.25');
  await expect(approvedRow.getByRole('img', { name: `Cover of ${approvedTitle}` })).toBeVisible();
  await expect(approvedRow.getByRole('link', { name: `Download the PDF of ${approvedTitle}` })).toHaveAttribute(
    'href',
    /\/api\/books\/.+\/pdf/,
  );
  await expect(page.getByRole('row').filter({ hasText: rejectedTitle })).toContainText('Free');

  // Approve: confirmation, success dialog, the row leaves and the tiles follow.
  await approvedRow.getByRole('button', { name: `Approve ${approvedTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Approve Book?' })).toBeVisible();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(page.getByRole('heading', { name: 'Approved!' })).toBeVisible();
  await expect(page.getByText('The book has been approved.')).toBeVisible();
  await expect(approvedRow).toHaveCount(0);
  await expect(page.getByTestId('tile-pendingBooks').locator('p.text-3xl')).toHaveText(String(pendingBefore - 1));

  // Reject: cancelling first changes nothing; confirming removes it.
  const rejectedRow = page.getByRole('row').filter({ hasText: rejectedTitle });
  await rejectedRow.getByRole('button', { name: `Reject ${rejectedTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Reject Book?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rejectedRow).toBeVisible();
  await rejectedRow.getByRole('button', { name: `Reject ${rejectedTitle}` }).click();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByRole('heading', { name: 'Rejected!' })).toBeVisible();
  await expect(page.getByText('The book has been rejected.')).toBeVisible();
  await expect(rejectedRow).toHaveCount(0);

  // The bell keeps the events as they happened (the decisions ring the member's bell).
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: approvedTitle })).toContainText('New book submitted');
  await expect(panel.getByRole('listitem').filter({ hasText: rejectedTitle })).toContainText('New book submitted');

  // The public library finds the approved book and never the rejected one.
  await page.goto('/#/library');
  const search = page.getByLabel('Search books by title');
  await search.fill(approvedTitle);
  await expect(page.getByRole('list', { name: 'Books' })).toContainText(approvedTitle);
  await search.fill(rejectedTitle);
  await expect(page.getByText('No books found for your filter.')).toBeVisible();
  const publicSearch = await page.request.get(`/api/books?q=${encodeURIComponent(rejectedTitle)}`);
  expect(((await publicSearch.json()) as { total: number }).total).toBe(0);
});

test('a member who opens the admin dashboard is sent home', async ({ page, playwright, baseURL }) => {
  const context = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail();
  await context.post('/api/auth/register', {
    data: { name: 'Curious Member', email, phone: '+94771234567', password: PASSWORD },
  });
  await context.dispose();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  await page.goto('/#/admin-dashboard');
  await expect(page).toHaveURL(/#\/$/);
  await page.goto('/#/admin-dashboard/members');
  await expect(page).toHaveURL(/#\/$/);
  expect((await page.request.get('/api/users/')).status()).toBe(403);
});
