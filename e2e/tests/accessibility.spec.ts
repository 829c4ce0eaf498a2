/**
 * Accessibility: axe-core on every screen and dialog (public, member, admin) finds no serious or
 * critical violation of WCAG 2.1 A/AA; and the whole purchase journey works by keyboard alone, with a
 * visible focus indicator at every step.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { loginAsAdmin, newMember } from '../support/session';
import { createBooks, settleSample, token } from './public-fixtures';

async function visit(page: Page, path: string, ready: Parameters<Page['getByRole']>, screen: string) {
  await page.goto(path);
  await expect(page.getByRole(...ready).first()).toBeVisible();
  await expectNoSeriousViolations(page, screen);
}

test.describe('axe: no serious or critical violations', () => {
  // axe reads every node of every screen: slow on a small machine.
  test.describe.configure({ timeout: 300_000 });
  let bookId = '';
  let bookTitle = '';
  test.beforeAll(async ({ request }) => {
    const [book] = await createBooks(request, `Axe ${token()}`, [{ title: `Axe Paid ${token()}`, price: '6.00' }]);
    bookId = book!._id;
    bookTitle = book!.title;
    await settleSample(request, bookId);
  });

  test('public screens and dialogs', async ({ page }) => {
    await visit(page, '/', ['heading', { name: 'Why readers choose Bookshelf' }], 'home');
    await visit(page, '/#/about', ['heading', { name: 'About', exact: true }], 'about');
    await visit(page, '/#/library', ['button', { name: 'Add To Cart' }], 'library');
    await visit(page, '/#/contact', ['button', { name: 'Send Message' }], 'contact');
    await visit(page, '/#/login', ['button', { name: 'Login', exact: true }], 'login');
    await visit(page, '/#/signup', ['heading', { name: /sign up|create|register/i }], 'signup');
    await visit(page, '/#/forgot-password', ['heading', { name: 'Forgot Password?' }], 'forgot password');
    await visit(page, '/#/reset-password?token=x', ['heading', { name: 'Choose a new password' }], 'reset password');
    await visit(page, `/#/book/${bookId}`, ['button', { name: 'Add To Cart' }], 'book page');
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expectNoSeriousViolations(page, 'book reviews tab');
    await page.getByRole('button', { name: 'Read A Little' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'read a little dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expectNoSeriousViolations(page, 'login required dialog', { popup: true });
  });

  test('member screens and dialogs', async ({ page }) => {
    await newMember(page, 'Axel Member');
    await page.request.post('/api/cart/add', { data: { bookId } });
    await page.request.post('/api/payment', {
      data: { cardHolder: 'Axel Member', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
    });
    await visit(page, '/#/user-dashboard', ['heading', { name: 'Recent Orders' }], 'member home');
    await page
      .getByRole('button', { name: /notifications/i })
      .first()
      .click();
    await expectNoSeriousViolations(page, 'member notifications');
    await page.keyboard.press('Escape');
    await visit(page, '/#/user-dashboard/userBooks', ['heading', { name: 'Books Management' }], 'member books');
    await visit(page, '/#/user-dashboard/addUserBooks', ['heading', { name: 'Add New Book' }], 'member book form');
    await visit(page, '/#/user-dashboard/profile', ['button', { name: /edit/i }], 'profile');
    await visit(page, '/#/user-dashboard/favourites', ['heading', { name: 'My Wishlist' }], 'wishlist');
    await visit(page, '/#/user-dashboard/payment', ['heading', { name: 'Payment Details' }], 'payment');
    await visit(page, '/#/user-dashboard/my-library', ['heading', { name: 'My Library' }], 'my library');
    await visit(page, '/#/user-dashboard/cart', ['heading', { name: 'My Cart' }], 'cart');
    // The cart opens with every book ticked.
    await page.getByRole('button', { name: 'Buy Selected' }).click();
    await expect(page.getByRole('dialog', { name: 'Order Summary' })).toBeVisible();
    await expectNoSeriousViolations(page, 'order summary dialog');
  });

  test('admin screens and dialogs', async ({ page }) => {
    await loginAsAdmin(page);
    await visit(page, '/#/admin-dashboard', ['heading', { name: 'Store Promotion' }], 'admin dashboard');
    await page
      .getByRole('button', { name: /notifications/i })
      .first()
      .click();
    await expectNoSeriousViolations(page, 'admin notifications');
    await page.keyboard.press('Escape');
    await visit(page, '/#/admin-dashboard/messages', ['heading', { name: 'Messages' }], 'admin messages');
    await visit(page, '/#/admin-dashboard/members', ['heading', { name: 'Members Management' }], 'admin members');
    await visit(page, '/#/admin-dashboard/books', ['heading', { name: 'Books Management' }], 'admin books');
    // This test's own book: the first row may be one another test is deleting at the same moment.
    await page.getByLabel('Search books').fill(bookTitle);
    await page.getByRole('button', { name: `Delete ${bookTitle}` }).click();
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expectNoSeriousViolations(page, 'admin delete confirmation', { popup: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visit(page, '/#/admin-dashboard/add-books', ['heading', { name: 'Add New Book' }], 'admin book form');
  });
});

/** The focused element shows a focus indicator (an outline or a ring). */
async function expectVisibleFocus(page: Page, what: string) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const css = getComputedStyle(element);
    return { outline: css.outlineStyle, width: css.outlineWidth, shadow: css.boxShadow, tag: element.tagName };
  });
  expect(style, `${what}: nothing is focused`).not.toBeNull();
  const visible = (style!.outline !== 'none' && style!.width !== '0px') || (style!.shadow && style!.shadow !== 'none');
  expect(visible, `${what}: no visible focus on ${JSON.stringify(style)}`).toBeTruthy();
}

/** Presses Tab until the element is focused (at most `max` times), checking the focus is visible. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, what: string, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(page, what);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}`);
}

test('the purchase journey by keyboard alone: find, add, save a card, pay, download', async ({ page, request }) => {
  const title = `Keyboard Voyage ${token()}`;
  await createBooks(request, `Keys ${token()}`, [{ title, price: '4.00' }]);
  await newMember(page, 'Kim Keys');

  // Find the book.
  await page.goto('/#/library');
  const search = page.getByRole('combobox', { name: 'Search books by title' });
  await tabTo(page, search, 'library search');
  await page.keyboard.type(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await tabTo(page, card.getByRole('button', { name: 'Add To Cart' }), 'Add To Cart');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Added to Cart' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.swal2-container')).toHaveCount(0);

  // Save a card.
  await page.goto('/#/user-dashboard/payment');
  await tabTo(page, page.getByLabel('Name on Card'), 'Name on Card');
  await page.keyboard.type('Kim Keys');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, 'Card Number');
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1229');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await tabTo(page, page.getByRole('button', { name: 'Save Card' }), 'Save Card');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Card saved successfully')).toBeVisible();
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 20_000 });

  // Pay.
  await page.goto('/#/user-dashboard/cart');
  const checkbox = page.getByRole('checkbox', { name: `Select ${title}` });
  // The cart opens with every book ticked; Space unticks and ticks it again.
  await expect(checkbox).toBeChecked();
  await tabTo(page, checkbox, 'cart checkbox');
  await page.keyboard.press('Space');
  await expect(checkbox).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Buy Selected' }), 'Buy Selected');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Order Summary' });
  await expect(dialog).toBeVisible();
  const select = dialog.getByLabel('Select Payment Card');
  await tabTo(page, select, 'card select');
  await page.keyboard.press('ArrowDown');
  await expect(dialog).toContainText('Paying with: •••• •••• •••• 4242');
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm & Pay' }), 'Confirm & Pay');
  await page.keyboard.press('Enter');
  // Paid: Download right there.
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Your book is ready.');
  await tabTo(page, dialog.getByRole('button', { name: `Download ${title}` }), 'Download in the order summary');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(`${title}.pdf`);
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }), 'Close');
  await page.keyboard.press('Enter');

  // Download again from the book's page.
  await page.goto('/#/library');
  await page.getByRole('combobox', { name: 'Search books by title' }).fill(title);
  const owned = page.getByRole('article', { name: title });
  await tabTo(page, owned.getByRole('button', { name: `Download ${title}` }), 'Download');
  const again = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await again).suggestedFilename()).toBe(`${title}.pdf`);
});
