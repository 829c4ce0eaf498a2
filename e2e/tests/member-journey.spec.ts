import { expect, test, type Page } from '@playwright/test';
import { expectPopup, recordPopups } from '../support/popups';
import { newMember } from '../support/session';
import { paidPdfBook } from './public-fixtures';

const SHOTS = process.env.MEMBER_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

interface ListedBook {
  _id: string;
  title: string;
  isFree: boolean;
  priceCents: number;
}

/** A paid book on the library's first page, as the library shows it (made for the test: the newest). */
async function paidBookOnFirstPage(page: Page): Promise<ListedBook> {
  const made = await paidPdfBook('Journey');
  let paid: ListedBook | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/books?page=1&limit=9');
      paid = ((await response.json()) as { books: ListedBook[] }).books.find((book) => book._id === made._id);
      return Boolean(paid);
    })
    .toBe(true);
  return paid!;
}

/** Another paid book, put in the member's cart through the API (`skip` names it in the title). */
async function paidBookInCart(page: Page, skip = 0): Promise<ListedBook> {
  const made = await paidPdfBook(`Journey Cart ${skip}`);
  const book = (await (await page.request.get(`/api/books/${made._id}`)).json()) as ListedBook;
  expect((await page.request.post('/api/cart/add', { data: { bookId: book._id } })).status()).toBe(201);
  return book;
}

async function saveCardThroughForm(page: Page, number: string) {
  await page.goto('/#/user-dashboard/payment');
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await page.getByLabel('Name on Card').fill('Ada Reader');
  await page.getByLabel('Card Number').pressSequentially(number.replace(/-/g, ''));
  await expect(page.getByLabel('Card Number')).toHaveValue(number);
  await page.getByLabel('Valid Through (MM/YY)').pressSequentially('1228');
  await expect(page.getByLabel('Valid Through (MM/YY)')).toHaveValue('12/28');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expectPopup(page, 'Saved', 'Card saved successfully');
  await expect(page.getByTestId('card-number').first()).toHaveText(`•••• •••• •••• ${number.slice(-4)}`);
}

test.beforeEach(({ page }) => recordPopups(page));

test('a member favourites, adds to cart, saves a card, buys, and finds the book again', async ({ page }) => {
  await newMember(page);
  const book = await paidBookOnFirstPage(page);

  // Library: the heart and Add To Cart.
  await page.goto('/#/library');
  const card = page.getByRole('article', { name: book.title });
  await card.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('heading', { name: 'Book added to favorites!' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Added to Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Added to Cart' })).toBeHidden();
  // Once in the cart, the button leads there instead of adding it again; the header counts it.
  await expect(card.getByRole('link', { name: 'In your cart · View cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (1 book)' })).toBeVisible();

  await page.goto('/#/user-dashboard/favourites');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByTestId('wishlist-card').filter({ hasText: book.title })).toBeVisible();
  await shot(page, 'favourites');

  await saveCardThroughForm(page, '4242-4242-4242-4242');
  await shot(page, 'payment');

  // Cart: every book ticked, the total and Buy Selected in view; unticking leaves nothing to buy.
  await page.goto('/#/user-dashboard/cart');
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select ${book.title}` })).toBeChecked();
  await page.getByTestId('cart-row').filter({ hasText: book.title }).click();
  await expect(page.getByRole('button', { name: 'Buy Selected' })).toBeDisabled();
  await page.getByTestId('cart-row').filter({ hasText: book.title }).click();
  await expect(page.getByRole('checkbox', { name: `Select ${book.title}` })).toBeChecked();
  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog).toBeVisible();
  // The demo store runs the specification's promotion: the total is the promotion price.
  const { promotion } = (await (await page.request.get('/api/store')).json()) as {
    promotion: { percentOff: number } | null;
  };
  const payCents = Math.round((book.priceCents * (100 - (promotion?.percentOff ?? 0))) / 100);
  await expect(dialog.getByTestId('order-total')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(payCents / 100),
  );
  // The saved card is chosen; without a card, paying asks for one.
  await expect(dialog).toContainText('Paying with: •••• •••• •••• 4242 — ADA READER');
  await dialog.getByLabel('Select Payment Card').selectOption('');
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(page.getByText('Please select at least one book and a card.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await dialog.getByLabel('Select Payment Card').selectOption({ label: '•••• •••• •••• 4242 — ADA READER' });
  await expect(dialog).toContainText('Paying with: •••• •••• •••• 4242 — ADA READER');
  await shot(page, 'order-summary');
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).dblclick();
  // Paid: Read now and Download right there.
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your book is ready.');
  await expect(dialog.getByRole('link', { name: `Read now: ${book.title}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: `Download ${book.title}` }).click();
  expect((await download).suggestedFilename()).toBe(`${book.title}.pdf`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  // A double click bought once.
  const orders = (await (await page.request.get('/api/orders')).json()) as { orders: unknown[] };
  expect(orders.orders).toHaveLength(1);

  // Dashboard: Recent Orders and the tiles.
  await page.goto('/#/user-dashboard');
  await expect(page.getByTestId('recent-order').filter({ hasText: book.title })).toBeVisible();
  await expect(page.getByTestId('tile-Saved Cards')).toHaveText('1');
  await expect(page.getByTestId('tile-Cart Items')).toHaveText('0');
  await expect(page.getByTestId('tile-Favorite Items')).toHaveText('1');
  await expect(page.getByText(/Rs/)).toHaveCount(0);
  await shot(page, 'home');

  // My Library keeps it for good.
  await page.getByRole('link', { name: 'My Library' }).click();
  const owned = page.getByTestId('owned-book').filter({ hasText: book.title });
  await expect(owned).toBeVisible();
  const again = page.waitForEvent('download');
  await owned.getByRole('button', { name: 'Download' }).click();
  const file = await again;
  expect(file.suggestedFilename()).toBe(`${book.title}.pdf`);
  expect(await file.failure()).toBeNull();
  await shot(page, 'my-library');
});

test('a declined card shows the error and buys nothing @phone', async ({ page }) => {
  await newMember(page, 'Dee Clined');
  const book = await paidBookInCart(page, 1);
  const saved = await page.request.post('/api/payment', {
    data: { cardHolder: 'Dee Clined', cardNumber: '4000-0000-0000-0002', expiry: '11/29', cvv: '321' },
  });
  expect(saved.status()).toBe(201);

  await page.goto('/#/user-dashboard/cart');
  await expect(page.getByRole('checkbox', { name: `Select ${book.title}` })).toBeChecked();
  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await dialog.getByLabel('Select Payment Card').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  // The reason is the headline.
  await expect(page.getByRole('heading', { name: 'Your card was declined. Please use another card.' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await shot(page, 'declined');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('cart-row').filter({ hasText: book.title })).toBeVisible();

  await page.goto('/#/user-dashboard/my-library');
  await expect(page.getByText('You have not bought any books yet.')).toBeVisible();
  expect(((await (await page.request.get('/api/orders')).json()) as { orders: unknown[] }).orders).toEqual([]);
});

test('after a decline, another card in the same Order Summary pays once (a new checkout key)', async ({ page }) => {
  await newMember(page, 'Tri Again');
  const book = await paidBookInCart(page, 2);
  for (const cardNumber of ['4000-0000-0000-0002', '5555-5555-5555-4444']) {
    const saved = await page.request.post('/api/payment', {
      data: { cardHolder: 'Tri Again', cardNumber, expiry: '11/29', cvv: '321' },
    });
    expect(saved.status()).toBe(201);
  }
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/orders') && request.method() === 'POST') {
      keys.push(request.headers()['idempotency-key']!);
    }
  });

  await page.goto('/#/user-dashboard/cart');
  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await dialog.getByLabel('Select Payment Card').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(page.getByText('Your card was declined. Please use another card.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await dialog.getByLabel('Select Payment Card').selectOption({ index: 2 });
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(dialog.getByRole('link', { name: `Read now: ${book.title}` })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { cardLast4: string; books: { _id: string }[] }[];
  };
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ cardLast4: '4444', books: [{ _id: book._id }] });
});

test('a key refused for another request (422) is explained, and paying again works', async ({ page }) => {
  await newMember(page, 'Kay Reuse');
  const book = await paidBookInCart(page, 3);
  expect(
    (
      await page.request.post('/api/payment', {
        data: { cardHolder: 'Kay Reuse', cardNumber: '4242-4242-4242-4242', expiry: '11/29', cvv: '321' },
      })
    ).status(),
  ).toBe(201);
  // The first answer is the server's refusal of a reused key (as from a second tab); then the real server.
  let refused = false;
  await page.route('**/api/orders', async (route) => {
    if (refused || route.request().method() !== 'POST') return route.continue();
    refused = true;
    await route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        msg: 'This payment was already started with different details. Please review your order and pay again.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      }),
    });
  });

  await page.goto('/#/user-dashboard/cart');
  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await dialog.getByLabel('Select Payment Card').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(
    page.getByRole('heading', {
      name: 'This payment was already started with different details. Please review your order and pay again.',
    }),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-422.png`, fullPage: true });
  await page.getByRole('button', { name: 'OK' }).click();
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(dialog.getByRole('link', { name: `Read now: ${book.title}` })).toBeVisible();
});
