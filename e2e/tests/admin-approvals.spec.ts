import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, loginAsAdmin, loginByApi, uniqueEmail } from '../support/session';
import { submitBook, uniqueTitle } from './admin-fixtures';
import { recordConsoleErrors } from '../support/console-errors';

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

/** A member with a session of their own (API context), and their e-mail. */
async function memberWithSession(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  name: string,
) {
  const member = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail('submitter');
  await member.post('/api/auth/register', { data: { name, email, phone: '+94771234567', password: PASSWORD } });
  expect((await member.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return { member, email };
}

test('an approval of a book changed after the admin looked is refused, and the row shows the change', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { member } = await memberWithSession(playwright, baseURL, 'Nimal Changer');
  const title = uniqueTitle('The Shifting Price');
  const book = await submitBook(member, { title, price: '3.00' });

  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$3.00');

  // While the admin looks, the member raises the price.
  const changed = await member.put(`/api/books/${book._id}`, {
    data: {
      title,
      author: 'Test Author',
      category: 'Arts & Photography',
      price: '30.00',
      story: 'A short story for the reviewers.',
      description: 'A book submitted by a member for approval.',
    },
  });
  expect(changed.status()).toBe(200);
  await member.dispose();

  await row.getByRole('button', { name: `Approve ${title}` }).click();
  await page.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(page.getByRole('heading', { name: 'Book Changed' })).toBeVisible();
  await expect(page.getByText('This book was changed by its submitter after you opened it.')).toBeVisible();
  await page.screenshot({ path: 'test-results/book-changed.png' });
  await page.getByRole('button', { name: 'OK' }).click();
  // Reloaded: the admin now sees the new price, and approving that version works.
  await expect(row).toContainText('$30.00');
  expect((await page.request.get(`/api/books/${book._id}`).then((r) => r.json())) as { status: string }).toMatchObject({
    status: 'pending',
  });
  await row.getByRole('button', { name: `Approve ${title}` }).click();
  await page.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(page.getByRole('heading', { name: 'Approved!' })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a member sees why a book was rejected, edits it and sends it for review again', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { member, email } = await memberWithSession(playwright, baseURL, 'Ruwani Resubmits');
  const title = uniqueTitle('The Second Chance');
  await submitBook(member, { title, price: '4.00' });
  await member.dispose();
  const reason = 'The cover is blurry; please upload a sharper one.';

  // The admin rejects with a reason typed in the confirmation.
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  const adminRow = page.getByRole('row').filter({ hasText: title });
  await adminRow.getByRole('button', { name: `Reject ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Reject Book?' })).toBeVisible();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason for the member (optional)' }).fill(reason);
  await page.screenshot({ path: 'test-results/reject-with-reason.png' });
  await page.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByRole('heading', { name: 'Rejected!' })).toBeVisible();
  await expect(adminRow).toHaveCount(0);

  // The member sees the reason in their books, and on the edit screen.
  const memberPage = await (await browser.newContext()).newPage();
  const errors = recordConsoleErrors(memberPage);
  await loginByApi(memberPage, email, PASSWORD);
  await memberPage.goto('/#/user-dashboard/userBooks');
  const row = memberPage.getByTestId('user-book-row').filter({ hasText: title });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText(`Reason: ${reason}`);
  await row.getByRole('link', { name: `Edit and resubmit ${title}` }).click();
  const notice = memberPage.getByRole('note', { name: 'Rejected' });
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText('Saving your changes sends it for review again.');
  await memberPage.screenshot({ path: 'test-results/rejected-edit.png', fullPage: true });
  await memberPage.getByLabel('Price').fill('3.50');
  await memberPage.getByRole('button', { name: 'Update Book' }).click();
  await expect(memberPage.getByRole('heading', { name: 'Updated!' })).toBeVisible();

  await memberPage.goto('/#/user-dashboard/userBooks');
  await expect(row).toContainText('Pending');
  await expect(row).not.toContainText('Reason:');
  expect(errors).toEqual([]);
  await memberPage.context().close();

  // Back in the admin's queue.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('$3.50');
});
