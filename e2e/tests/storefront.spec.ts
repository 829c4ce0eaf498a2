/**
 * The store keeps its promises: an owned book stays with its buyer (even when the admin deletes it),
 * shows "In your library"; the promotion's prices and banner; reviews; the admin's book search; and
 * the specification's texts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginAsAdmin, newMember } from '../support/session';
import { createBooks, token } from './public-fixtures';

// Whole journeys across two or three browser contexts: more than the default on a busy machine.
test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.STOREFRONT_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Buys a book through the API as the signed-in member of `request`. */
async function buy(request: APIRequestContext, bookId: string) {
  const card = await request.post('/api/payment', {
    data: { cardHolder: 'Ada Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
  });
  expect(card.status()).toBe(201);
  expect((await request.post('/api/cart/add', { data: { bookId } })).status()).toBe(201);
  const paymentId = ((await card.json()) as { card: { _id: string } }).card._id;
  const order = await request.post('/api/orders', { data: { books: [bookId], paymentId } });
  expect(order.status(), await order.text()).toBe(201);
}

test('a bought book shows In your library with Download, and stays with its buyer when the admin deletes it', async ({
  page,
  browser,
  request,
}) => {
  const category = `Kept ${token()}`;
  const [book] = await createBooks(request, category, [{ title: `Kept Promise ${token()}`, price: '8.00' }]);
  await newMember(page, 'Ada Owner');
  await buy(page.request, book!._id);

  await page.goto(`/#/book/${book!._id}`);
  await expect(page.getByTestId('in-your-library')).toHaveText('In your library');
  await expect(page.getByRole('button', { name: `Download ${book!.title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
  await shot(page, 'owned-book-page');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${book!.title}` }).click();
  expect((await download).suggestedFilename()).toBe(`${book!.title}.pdf`);

  await page.goto(`/#/library?category=${encodeURIComponent(category)}`);
  const card = page.getByRole('article', { name: book!.title });
  await expect(card.getByTestId('in-your-library')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);

  // The admin deletes it: the confirmation says one member owns it; the book is unlisted.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto('/#/admin-dashboard/books');
  await admin.getByLabel('Search books').fill(book!.title);
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await expect(admin.locator('tbody tr')).toContainText(book!.title);
  await admin.getByRole('button', { name: `Delete ${book!.title}` }).click();
  await expect(admin.getByText('1 member owns this book.', { exact: false })).toBeVisible();
  await shot(admin, 'admin-delete-owned');
  await admin.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(admin.getByText('Book has been removed.')).toBeVisible();
  await admin.getByLabel('Status').selectOption('unlisted');
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await expect(admin.locator('tbody tr')).toContainText('unlisted');
  await adminContext.close();

  // Gone for everyone else; the owner keeps it in My Library and downloads it.
  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  await stranger.goto(`/#/book/${book!._id}`);
  await expect(stranger.getByText('Book not found.')).toBeVisible();
  expect((await stranger.request.get(`/api/books/${book!._id}/pdf`)).status()).toBe(404);
  await visitor.close();

  await page.goto(`/#/book/${book!._id}`);
  await page.reload();
  await expect(page.getByText('No longer sold')).toBeVisible();
  await expect(page.getByTestId('in-your-library')).toBeVisible();
  await expect(page.getByTestId('book-price')).toHaveCount(0);

  await page.goto('/#/user-dashboard/my-library');
  const owned = page.getByTestId('owned-book').filter({ hasText: book!.title });
  await expect(owned).toBeVisible();
  const again = page.waitForEvent('download');
  await owned.getByRole('button', { name: /Download/ }).click();
  expect((await again).suggestedFilename()).toBe(`${book!.title}.pdf`);
  const orders = (await (await page.request.get('/api/orders')).json()) as {
    orders: { books: { title: string; priceCents: number }[] }[];
  };
  expect(orders.orders[0]!.books[0]!.title).toBe(book!.title);
});

test('the promotion: old and new prices, the About banner and Shop Now, and the admin sets it @store-wide', async ({
  page,
  browser,
  request,
}) => {
  const store = (await (await page.request.get('/api/store')).json()) as { promotion: { percentOff: number } | null };
  expect(store.promotion?.percentOff).toBe(25);
  const [book] = await createBooks(request, `Sale ${token()}`, [{ title: `On Sale ${token()}`, price: '12.00' }]);

  await page.goto('/#/about');
  const banner = page.getByTestId('promotion-banner');
  await expect(banner.getByRole('heading', { name: '25% off' })).toBeVisible();
  await shot(page, 'about-promotion');
  await banner.getByRole('link', { name: 'Shop Now' }).click();
  await expect(page).toHaveURL(/#\/library/);

  await page.goto(`/#/book/${book!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: book!.title })).toBeVisible();
  await expect(page.getByTestId('book-price')).toHaveText('$12.00');
  await expect(page.getByTestId('sale-price')).toHaveText('$9.00');

  // Checkout total is the promotion price, charged by the server.
  await newMember(page, 'Sale Shopper');
  await page.request.post('/api/cart/add', { data: { bookId: book!._id } });
  await page.request.post('/api/payment', {
    data: { cardHolder: 'Sale Shopper', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
  });
  await page.goto('/#/user-dashboard/cart');
  // The cart opens with every book ticked.
  await expect(page.getByRole('checkbox', { name: `Select ${book!.title}` })).toBeChecked();
  await page.getByRole('button', { name: 'Buy Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog.getByTestId('order-total')).toHaveText('$9.00');
  await expect(dialog.getByTestId('test-mode-badge')).toHaveText('Test mode');
  await shot(page, 'order-summary-promotion');
  await dialog.getByLabel('Select Payment Card').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your book is ready.');
  const orders = (await (await page.request.get('/api/orders')).json()) as { orders: { totalCents: number }[] };
  expect(orders.orders[0]!.totalCents).toBe(900);

  // No promotion: no banner. A page of its own, whose one load is answered without the promotion;
  // unrouting the shopper's page once raced a handler still in flight ("Route is already handled!").
  const plain = await page.context().newPage();
  await plain.route('**/api/store', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), promotion: null } });
  });
  const answered = plain.waitForResponse('**/api/store');
  await plain.goto('/#/about');
  await answered;
  await expect(plain.getByRole('heading', { name: 'About', exact: true })).toBeVisible();
  await expect(plain.getByTestId('promotion-banner')).toHaveCount(0);
  await plain.unrouteAll({ behavior: 'wait' });
  await plain.close();

  // The admin's form: over 90% is refused in the form; 30% runs; back to 25%.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto('/#/admin-dashboard');
  const form = admin.getByRole('region', { name: 'Store Promotion' });
  await expect(form.getByTestId('promotion-status')).toHaveText('Running: 25% off');
  await form.getByLabel('Discount (%)').fill('150');
  await form.getByRole('button', { name: 'Save Promotion' }).click();
  await expect(form.getByText('The discount must be a whole percentage from 1 to 90.')).toBeVisible();
  await shot(admin, 'admin-promotion');
  await form.getByLabel('Discount (%)').fill('30');
  await form.getByRole('button', { name: 'Save Promotion' }).click();
  await expect(admin.getByText('Promotion saved.')).toBeVisible();
  await expect(form.getByTestId('promotion-status')).toHaveText('Running: 30% off');
  await form.getByLabel('Discount (%)').fill('25');
  await form.getByRole('button', { name: 'Save Promotion' }).click();
  await expect(form.getByTestId('promotion-status')).toHaveText('Running: 25% off');
  await adminContext.close();
});

test('reviews: a visitor is told how; an owner rates, edits and removes; the average shows', async ({
  page,
  request,
}) => {
  const [book] = await createBooks(request, `Reviewed ${token()}`, [{ title: `Review Me ${token()}`, price: 'Free' }]);
  await page.goto(`/#/book/${book!._id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByTestId('review-how')).toContainText('to review this book');
  await expect(page.getByText('No reviews yet. Be the first to review this book!')).toBeVisible();

  await newMember(page, 'Rita Reviewer');
  await page.goto(`/#/book/${book!._id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByTestId('review-how')).toContainText('Only readers who own this book');
  // Taking the free book while signed in makes it theirs.
  expect((await page.request.get(`/api/books/${book!._id}/pdf`)).status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  const star = (name: string) => page.locator('label', { has: page.getByRole('radio', { name }) });
  await star('4 stars').click();
  await page.getByLabel('Your review').fill('A gentle, well-told tale.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await expect(page.getByTestId('my-review')).toContainText('A gentle, well-told tale.');
  await expect(page.getByTestId('book-rating').first()).toHaveAttribute(
    'aria-label',
    /Rated 4\.0 out of 5 by 1 reader/,
  );
  await shot(page, 'reviews');

  await page.getByRole('button', { name: 'Edit Review' }).click();
  await star('2 stars').click();
  await page.getByLabel('Your review').fill('On reflection, slower than I liked.');
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByTestId('my-review')).toContainText('On reflection');
  await expect(page.getByTestId('book-rating').first()).toHaveAttribute('aria-label', /Rated 2\.0/);

  await page.getByRole('button', { name: 'Remove Review' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Review removed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toBeVisible();
});

test('the specification texts: the wishlist heart, the home counts, the card form in test mode', async ({
  page,
  request,
}) => {
  const [book] = await createBooks(request, `Wished ${token()}`, [{ title: `Wish Me ${token()}`, price: '5.00' }]);
  await page.goto(`/#/book/${book!._id}`);
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('Please log in to use the wishlist.')).toBeVisible();

  await page.goto('/');
  const store = (await (await page.request.get('/api/store')).json()) as {
    stats: { books: number; freeBooks: number };
    gateway: string;
  };
  expect(store.gateway).toBe('simulated');
  await expect(page.getByTestId('benefit-Free classics')).toContainText(/\d+ free books? among \d+ in \d+ categories/);
  await expect(page.getByText('Hundreds')).toHaveCount(0);

  await newMember(page, 'Wendy Wisher');
  await page.goto(`/#/book/${book!._id}`);
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('Book added to your wishlist!')).toBeVisible();

  await page.goto('/#/user-dashboard/payment');
  await expect(page.getByTestId('test-card-hint')).toContainText('4242-4242-4242-4242');
  await expect(page.getByTestId('test-card-hint').getByTestId('test-mode-badge')).toBeVisible();
  // A session that ended meanwhile: saving a card says Login Required.
  await page.request.post('/api/auth/logout');
  await page.getByLabel('Name on Card').fill('Wendy Wisher');
  await page.getByLabel('Card Number').pressSequentially('4242424242424242');
  await page.getByLabel('Valid Through (MM/YY)').pressSequentially('1229');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('Please login to proceed.')).toBeVisible();
});
