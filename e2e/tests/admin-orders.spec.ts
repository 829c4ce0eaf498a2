/**
 * The admin's Orders: a member's order is found by their e-mail, refunded from the screen with a
 * reason, and the refunded book can no longer be downloaded; axe finds nothing serious on the screen
 * or the refund dialog, nor on the Sales screen, a member's page or the buyer's Orders and receipt,
 * on a desktop (1366x900) and a phone (390x844). SHOP_SHOTS_DIR keeps their screenshots.
 */
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { loginAsAdmin, loginByApi, registerMember } from '../support/session';
import { expectPopup, recordPopups } from '../support/popups';
import { createBooks, token } from './public-fixtures';

const SHOTS = process.env.SHOP_SHOTS_DIR;

/** A new member buys one new paid book through the API, in a browser-less session of their own. */
/** How many pixels of the chart, as the screen shows it, are the revenue bars' colour (#b45309). */
async function barPixels(page: Page): Promise<number> {
  const png = await page.locator('.recharts-surface').first().screenshot({ animations: 'allow' });
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let at = 0; at < data.length; at += 4) {
      const near = (value: number, target: number) => Math.abs(value - target) < 24;
      if (near(data[at]!, 0xb4) && near(data[at + 1]!, 0x53) && near(data[at + 2]!, 0x09)) count += 1;
    }
    return count;
  }, png.toString('base64'));
}

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
  const { order } = (await placed.json()) as { order: { _id: string; number: string; totalCents: number } };
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
  // The rows of the unfiltered list stay, dimmed, until the search's answer comes (and they may be this
  // very order alone, in a store with one order): wait for that answer, then for the table to settle.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === member.email && response.ok(),
  );
  await page.getByLabel('Search orders').fill(member.email);
  await searched;
  await expect(page.getByRole('table', { name: 'Orders' })).not.toHaveAttribute('aria-busy');
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
  // Every order of this run is today's: one day still draws its bar, on the screen at once (not only
  // in the DOM, nor only after an animation that may not run), a bar's width rather than the plot's.
  expect(await barPixels(page)).toBeGreaterThan(200);
  const bar = await page.locator('.recharts-bar-rectangle path').first().boundingBox();
  expect(bar?.width).toBeLessThanOrEqual(64);
  await page.getByLabel('Revenue per', { exact: true }).selectOption('month');
  await expect(page.getByRole('table', { name: /Revenue and orders per month/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts CSV' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sales');
});

test('axe finds nothing serious on Orders, Sales, a member’s page and the buyer’s orders and receipt, desktop and phone', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { buyer, member, order } = await buyAsNewMember(page, playwright, baseURL);
  await buyer.dispose();
  await loginAsAdmin(page);
  const found = await page.request.get(`/api/admin/orders?q=${encodeURIComponent(member.email)}`);
  const { orders } = (await found.json()) as { orders: { _id: string; buyer: { _id: string } }[] };
  expect(orders.map((listed) => listed._id)).toEqual([order._id]);
  // axe needs a page of a context of its own.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await loginByApi(buyerPage, member.email, member.password);

  for (const [device, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await buyerPage.setViewportSize(viewport);
    const screens: [Page, string, string, () => Promise<void>][] = [
      [
        page,
        'admin orders',
        '/#/admin-dashboard/orders',
        () => expect(page.getByTestId('admin-order').filter({ hasText: order.number })).toBeVisible(),
      ],
      [
        page,
        'sales',
        '/#/admin-dashboard/sales',
        () => expect(page.getByRole('table', { name: /Revenue and orders per day/ })).toBeVisible(),
      ],
      [
        page,
        'member page',
        `/#/admin-dashboard/members/${orders[0]!.buyer._id}`,
        () => expect(page.getByText(order.number).first()).toBeVisible(),
      ],
      [
        buyerPage,
        'buyer orders',
        '/#/user-dashboard/orders',
        () => expect(buyerPage.getByText(order.number).first()).toBeVisible(),
      ],
      [
        buyerPage,
        'receipt',
        `/#/user-dashboard/orders/${order._id}`,
        () => expect(buyerPage.getByText(order.number).first()).toBeVisible(),
      ],
    ];
    for (const [on, name, url, loaded] of screens) {
      await on.goto(url);
      await loaded();
      await expectNoSeriousViolations(on, `${name} (${device})`);
      if (SHOTS) await on.screenshot({ path: `${SHOTS}/${name.replace(' ', '-')}-${device}.png`, fullPage: true });
    }
  }
  await buyerContext.close();
});
