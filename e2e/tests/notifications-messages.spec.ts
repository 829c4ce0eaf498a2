import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, loginAsAdmin, newMember } from '../support/session';

const CARD = { cardHolder: 'Nila Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' };

/** Buys the first paid book of the catalogue through the API, in the page's session. */
async function buySomething(page: Page): Promise<string> {
  let book: { _id: string; title: string } | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/books?type=paid&limit=20');
      book = ((await response.json()) as { books: { _id: string; title: string }[] }).books[0];
      return Boolean(book);
    })
    .toBe(true);
  const card = await page.request.post('/api/payment', { data: CARD });
  expect(card.status()).toBe(201);
  await page.request.post('/api/cart/add', { data: { bookId: book!._id } });
  const cardId = ((await card.json()) as { card: { _id: string } }).card._id;
  const order = await page.request.post('/api/orders', { data: { books: [book!._id], paymentId: cardId } });
  expect(order.status()).toBe(201);
  return book!.title;
}

test("a member's bell shows the order they placed; mark as read clears the count", async ({ page }) => {
  await newMember(page, 'Nila Notified');
  const title = await buySomething(page);
  await page.goto('/#/user-dashboard');
  const bell = page.getByRole('button', { name: 'Notifications (1)' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const entry = panel.getByRole('listitem').first();
  await expect(entry).toContainText('Order placed');
  await expect(entry).toContainText(title);
  await expect(entry).toContainText('just now');
  await entry.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications (0)' })).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  // The entry's link opens My Library.
  await panel.getByRole('link', { name: 'Order placed' }).click();
  await expect(page).toHaveURL(/#\/user-dashboard\/my-library$/);
});

// Marks all the admin's notifications read and then counts them: store-wide, so that no test beside it adds
// one for the admin in between (or has its own marked read before it looks).
test('a contact message reaches the admin: bell, Messages screen with unread count, read, delete @store-wide', async ({
  page,
  browser,
}) => {
  const subject = `Question ${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  await visitor.goto('/#/contact');
  await visitor.getByLabel('Name').fill('Vera Visitor');
  await visitor.getByLabel('Email').fill('vera@example.com');
  await visitor.getByLabel('Subject').fill(subject);
  await visitor.getByLabel('Message').fill('Do you have audio books?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByRole('status')).toContainText('Thank you, Vera Visitor!');
  await visitor.close();

  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  await page.getByRole('button', { name: /^Notifications \(\d+\)$/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').filter({ hasText: subject }).first()).toContainText('New contact message');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications (0)' })).toBeVisible();
  await page.keyboard.press('Escape');

  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(page.getByTestId('unread-messages')).toBeVisible();
  await nav.getByRole('link', { name: /Messages/ }).click();
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const item = page.getByRole('listitem', { name: `Unread: ${subject}` });
  await expect(item).toContainText('Do you have audio books?');
  await expect(item).toContainText('vera@example.com');
  const summary = page.getByTestId('messages-summary');
  const unreadBefore = Number(/(\d+) unread/.exec((await summary.textContent()) ?? '')?.[1]);
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('listitem', { name: subject, exact: true })).toBeVisible();
  await expect(summary).toContainText(`${unreadBefore - 1} unread`);
  await page.getByRole('button', { name: `Delete the message ${subject}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: subject, exact: true })).toHaveCount(0);
});

test("on a phone the admin's menu shows the unread messages beside Messages @phone", async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(!isMobile, 'phone layout only');
  const visitor = await browser.newPage();
  const sent = await visitor.request.post('/api/contact', {
    data: { name: 'Mo Mobile', email: 'mo@example.com', subject: 'On my phone', message: 'Is there an app?' },
  });
  expect(sent.status()).toBe(201);
  await visitor.close();

  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const messages = menu.getByRole('link', { name: /^Messages/ });
  // Other tests may send messages meanwhile: the count is at least this one.
  await expect(messages).toHaveAccessibleName(/^Messages unread: [1-9]\d*$/);
  await expect(menu.getByTestId('menu-unread-messages')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-phone-menu.png') });
});

test('profile: change the password, then delete the account', async ({ page }) => {
  const member = await newMember(page, 'Pat Profile');
  await page.goto('/#/user-dashboard/profile');
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('Current password').fill('wrong-password-1');
  await change.getByLabel('New password', { exact: true }).fill('a-new-secret-2026');
  await change.getByLabel('Confirm new password').fill('a-new-secret-2026');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  const remove = page.getByRole('form', { name: 'Delete my account' });
  await remove.getByLabel('Password', { exact: true }).fill('a-new-secret-2026');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  const login = await page.request.post('/api/auth/login', {
    data: { email: member.email, password: 'a-new-secret-2026' },
  });
  expect(login.status()).toBe(401);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});
