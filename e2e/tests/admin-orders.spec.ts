/**
 * The admin's Orders: a member's order is found by their e-mail, refunded from the screen with a
 * reason, and the refunded book can no longer be downloaded; axe finds nothing serious on the screen
 * or the refund dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { loginAsAdmin, registerMember } from '../support/session';
import { expectPopup, recordPopups } from '../support/popups';
import { createBooks, token } from './public-fixtures';

async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** A new member buys one new paid book through the API, in a browser-less session of their own. */
async function buyAsNewMember(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const [created] = await createBooks(page.request, `Orders ${token()}`, [
    { title: `Refundable ${token()}`, price: '7.50' },
  ]);
  const book = created!;
  const buyer = await playwright.request.newContext({ baseURL });
  const member = await registerMember(buyer, 'Rita Refund');
  expect(
    (await buyer.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status(),
  ).toBe(200);
  const card = await buyer.post('/api/payment', {
    data: { cardHolder: 'Rita Refund', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
  });
  expect(card.status()).toBe(201);
  expect((await buyer.post('/api/cart/add', { data: { bookId: book._id } })).status()).toBe(201);
  const placed = await buyer.post('/api/orders', {
    data: { books: [book._id], paymentId: ((await card.json()) as { card: { _id: string } }).card._id },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { number: string; totalCents: number } };
  return { book, buyer, member, order };
}

test('the admin finds an order by the buyer’s e-mail and refunds it; the book is no longer theirs', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { book, buyer, member, order } = await buyAsNewMember(page, playwright, baseURL);
  // The store's promotion may take something off the book's price: the order says what was paid.
  const paid = `$${(order.totalCents / 100).toFixed(2)}`;

  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await page.getByLabel('Search orders').fill(member.email);
  const row = page.getByTestId('admin-order').filter({ hasText: order.number });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('admin-order')).toHaveCount(1);
  await expect(row).toContainText('Rita Refund');
  await expect(row).toContainText(paid);
  await expect(row).toContainText('VISA •••• 4242');
  await expect(row).toContainText('Paid');
  await expectNoSeriousViolations(page, 'admin orders');

  await row.getByRole('button', { name: `Refund order ${order.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(book.title) })).toBeChecked();
  await expectNoSeriousViolations(page, 'refund dialog');
  // A reason is required.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('Please give a reason for the refund.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The buyer asked for it');
  await recordPopups(page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expectPopup(page, 'Refunded', `${paid} of order ${order.number} was refunded.`);
  await expect(row).toContainText(`Refunded ${paid}`);
  await expect(row).toContainText('The buyer asked for it');
  await expect(row.getByRole('button', { name: /Refund order/ })).toHaveCount(0);

  // The buyer's right to the book has ended.
  expect((await buyer.get(`/api/books/${book._id}/pdf`)).status()).toBe(403);
  await buyer.dispose();
});

test('the Sales screen shows the figures, a chart with its table, and the authors’ earnings', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { buyer } = await buyAsNewMember(page, playwright, baseURL);
  await buyer.dispose();
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/sales');
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  const figures = page.getByTestId('sales-figures');
  await expect(figures).toContainText('Revenue');
  await expect(figures).toContainText('Average order');
  await expect(figures).toContainText('Promotion cost');
  // Today's order is in the period: the chart and its table appear.
  await expect(page.getByRole('table', { name: /Revenue and orders per day/ })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.getByLabel('Revenue per', { exact: true }).selectOption('month');
  await expect(page.getByRole('table', { name: /Revenue and orders per month/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts CSV' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sales');
});
