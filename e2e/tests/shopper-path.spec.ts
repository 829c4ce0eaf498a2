/**
 * The shopper's path, counted in clicks: a member with a saved card goes from a book page to reading
 * it in at most four; a visitor who signs up on the way, in at most ten plus the form's fields. And
 * "Login Required" returns to the book and finishes what the visitor started.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { recordPopups } from '../support/popups';
import { PASSWORD, loginAsAdmin, newMember, registerMember, uniqueEmail } from '../support/session';
import { paidPdfBook } from './public-fixtures';

interface ListedBook {
  _id: string;
  title: string;
}

const SHOTS = process.env.SHOPPER_SHOTS_DIR;

/** A paid book not yet bought by anyone: each test makes its own (`index` names it in the title). */
async function paidBook(_page: Page, index: number): Promise<ListedBook> {
  return paidPdfBook(`Shopper Path ${index}`);
}

/** Clicks, counting every click the shopper makes. */
function clickCounter() {
  const counter = {
    clicks: 0,
    click: async (target: Locator) => {
      counter.clicks += 1;
      await target.click();
    },
  };
  return counter;
}

/** The reader shows the whole book (not the sample). */
async function expectReading(page: Page, book: ListedBook) {
  await expect(page).toHaveURL(new RegExp(`#/read/${book._id}$`));
  await expect(page.getByTestId('reader-page')).toHaveAttribute('data-rendered-page', '1', { timeout: 60_000 });
}

/** Pastes into the phone field, as from another app's clipboard. */
async function pastePhone(page: Page, text: string) {
  await page.getByLabel('Phone').evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.beforeEach(({ page }) => recordPopups(page));
test.describe.configure({ timeout: 240_000 });

test('a member with a saved card goes from the book page to reading it in 3 clicks', async ({ page }) => {
  await newMember(page, 'Quick Buyer');
  const saved = await page.request.post('/api/payment', {
    data: { cardHolder: 'Quick Buyer', cardNumber: '4242-4242-4242-4242', expiry: '11/29', cvv: '321' },
  });
  expect(saved.status()).toBe(201);
  const book = await paidBook(page, 5);
  await page.goto(`/#/book/${book._id}`);
  await expect(page.getByRole('heading', { name: book.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (0 books)' })).toBeVisible();
  const { clicks, click } = (() => {
    const counter = clickCounter();
    return { clicks: () => counter.clicks, click: counter.click };
  })();

  await click(page.getByRole('button', { name: 'Buy now' }));
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog).toContainText(book.title);
  await expect(dialog).toContainText('Paying with: •••• •••• •••• 4242 — QUICK BUYER');
  await expect(page.getByRole('link', { name: 'Cart (1 book)' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/buy-now-checkout.png` });
  await click(dialog.getByRole('button', { name: 'Confirm & Pay' }));
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your book is ready.');
  const orderLine = dialog.getByText(/^Order BK-\d{4}-\d{6,}$/);
  await expect(orderLine).toBeVisible();
  const shownNumber = (await orderLine.textContent())!.replace('Order ', '');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/purchase-complete.png` });
  await click(dialog.getByRole('link', { name: `Read now: ${book.title}` }));
  await expectReading(page, book);
  expect(clicks()).toBeLessThanOrEqual(4);
  expect(clicks()).toBe(3);

  // The server kept the rules: one order, the book's price, the cart emptied.
  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { number: string; books: { _id: string }[] }[];
  };
  expect(orders).toHaveLength(1);
  expect(orders[0]!.number).toBe(shownNumber);
  expect(orders[0]!.books.map((bought) => bought._id)).toEqual([book._id]);
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: unknown[] };
  expect(cart.items).toEqual([]);
});

test('a visitor signs up, adds a card and reads the book in 8 clicks plus the form fields', async ({ page }) => {
  const book = await paidBook(page, 6);
  const email = uniqueEmail('shopper');
  const counter = clickCounter();
  const { click } = counter;
  let fields = 0;
  const fill = async (target: Locator, value: string) => {
    fields += 1;
    await target.fill(value);
  };

  await page.goto(`/#/book/${book._id}`);
  await click(page.getByRole('button', { name: 'Buy now' }));
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-required.png` });
  await click(page.getByRole('button', { name: 'Sign up' }));

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await fill(page.getByLabel('Full name'), 'Mary-Jane Visitor');
  await fill(page.getByLabel('Email'), email);
  fields += 1;
  await pastePhone(page, '771234568');
  await fill(page.getByLabel('Password', { exact: true }), PASSWORD);
  await fill(page.getByLabel('Confirm password'), PASSWORD);
  await click(page.getByRole('button', { name: 'Sign up' }));

  // The login form has the new e-mail filled in.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await fill(page.getByLabel('Password', { exact: true }), PASSWORD);
  await click(page.getByRole('button', { name: 'Login', exact: true }));

  // Back at the book, the purchase continues: the checkout with that book, no card yet.
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog).toContainText(book.title);
  await expect(dialog).toContainText('You have no saved card yet.');
  await click(dialog.getByRole('link', { name: 'Add a card' }));

  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await fill(page.getByLabel('Name on Card'), "Mary-Jane O'Neil");
  await fill(page.getByLabel('Card Number'), '4242424242424242');
  await fill(page.getByLabel('Valid Through (MM/YY)'), '1229');
  await fill(page.getByLabel('CVV'), '123');
  await click(page.getByRole('button', { name: 'Save Card' }));

  // Back at the checkout with the new card chosen.
  await expect(dialog).toContainText("Paying with: •••• •••• •••• 4242 — MARY-JANE O'NEIL");
  await click(dialog.getByRole('button', { name: 'Confirm & Pay' }));
  await click(dialog.getByRole('link', { name: `Read now: ${book.title}` }));
  await expectReading(page, book);
  expect(counter.clicks).toBeLessThanOrEqual(10);
  expect(counter.clicks).toBe(8);
  expect(fields).toBe(10);
});

test('Login Required returns to the book and finishes the wishlist and the cart @phone', async ({ page }) => {
  const member = await registerMember(page.request, 'Rita Return');
  const book = await paidBook(page, 7);

  await page.goto(`/#/book/${book._id}`);
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`#/book/${book._id}$`));
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  const wishlist = (await (await page.request.get('/api/wishlist')).json()) as unknown;
  expect(JSON.stringify(wishlist)).toContain(book._id);

  // The same for Add To Cart, after logging out.
  await page.request.post('/api/auth/logout');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('link', { name: 'In your cart · View cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (1 book)' })).toBeVisible();
  // Reloading does not add it again.
  await page.reload();
  await expect(page.getByRole('link', { name: 'In your cart · View cart' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/book-in-cart-${test.info().project.name}.png` });
});

test('the signup phone field takes pasted national and international numbers @phone', async ({ page }) => {
  await page.goto('/#/signup');
  const phone = page.getByLabel('Phone');
  await pastePhone(page, '771234568');
  await expect(phone).toHaveValue(/^\+94 ?77 ?123 ?4568$/);
  await pastePhone(page, '+94 77 123 4568');
  await expect(phone).toHaveValue(/^\+94 ?77 ?123 ?4568$/);
  await pastePhone(page, '+44 20 7946 0000');
  await expect(page.getByText('GB +44')).toBeVisible();
  await pastePhone(page, '077 123 4568');
  // A national number is read in the country chosen now (the United Kingdom after the last paste).
  await expect(phone).toHaveValue(/^\+44 ?77 ?123 ?4568$|^\+44 7712 ?34568$/);

  const email = uniqueEmail('paste');
  await page.getByLabel('Full name').fill("Siobhán O'Brien-Perera");
  await page.getByLabel('Email').fill(email);
  await pastePhone(page, '+94 77 123 4568');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const registered = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
  await page.getByRole('button', { name: 'Sign up' }).click();
  expect((await registered).postDataJSON()).toMatchObject({ phone: '+94771234568', email });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-prefilled-${test.info().project.name}.png` });
});

test('the shopper screens have no serious accessibility violations, on a phone and a desktop @phone', async ({
  page,
}) => {
  const phone = test.info().project.name === 'phone';
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 900 });
  await newMember(page, 'Axel Shopper');
  const book = await paidBook(page, phone ? 8 : 9);
  const other = await paidBook(page, phone ? 10 : 11);
  const saved = await page.request.post('/api/payment', {
    data: { cardHolder: 'Axel Shopper', cardNumber: '4242-4242-4242-4242', expiry: '11/29', cvv: '321' },
  });
  expect(saved.status()).toBe(201);
  expect((await page.request.post('/api/cart/add', { data: { bookId: other._id } })).status()).toBe(201);
  const name = test.info().project.name;

  await page.goto(`/#/book/${book._id}`);
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expectNoSeriousViolations(page, 'book page');

  await page.goto('/#/user-dashboard/cart');
  await expect(page.getByRole('checkbox', { name: `Select ${other.title}` })).toBeChecked();
  await expect(page.getByTestId('cart-total')).toBeVisible();
  await expectNoSeriousViolations(page, 'cart');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-${name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog).toContainText('Paying with: •••• •••• •••• 4242 — AXEL SHOPPER');
  await expectNoSeriousViolations(page, 'checkout');
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(dialog.getByRole('link', { name: `Read now: ${other.title}` })).toBeVisible();
  await expectNoSeriousViolations(page, 'purchase complete');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/purchase-complete-${name}.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: /^Notifications \(\d+\)$/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousViolations(page, 'bell');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bell-${name}.png` });
  await page.keyboard.press('Escape');

  await page.goto('/#/ereaders');
  await expect(page.getByRole('heading', { name: 'Read in your e-reader app' })).toBeVisible();
  await expect(page.getByLabel('Catalogue address')).toHaveValue(`${new URL(page.url()).origin}/opds`);
  await expectNoSeriousViolations(page, 'e-readers');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ereaders-${name}.png`, fullPage: true });

  // The admin's Books keep Edit and Delete on screen.
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/books');
  for (const action of [
    page.getByRole('link', { name: /^Edit / }).first(),
    page.getByRole('button', { name: /^Delete / }).first(),
  ]) {
    await expect(action).toBeVisible();
    // Within the screen's width, with no sideways scrolling.
    const box = (await action.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-books-${name}.png` });
});
