import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { waitForMail } from '../support/mail';
import { createBooks, token } from './public-fixtures';

test.describe('home', () => {
  test.beforeAll(async ({ playwright }) => {
    // Enough free books for the carousel to move, whatever the demo catalogue holds.
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    const word = token();
    await createBooks(
      request,
      `Carousel ${word}`,
      Array.from({ length: 6 }, (_, n) => ({ title: `Open Sea ${n + 1} ${word}`, price: '0' })),
    );
    await request.dispose();
  });

  test('hero, benefits and Browse Library', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why readers choose Bookshelf' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Library' }).click();
    await expect(page).toHaveURL(/#\/library$/);
  });

  test('new books and books to buy, with their prices; See all opens the library so filtered @phone', async ({
    page,
  }) => {
    await page.goto('/');
    const newest = page.getByRole('region', { name: 'New in the Store' }).getByRole('list', { name: 'New books' });
    await expect(newest.getByRole('listitem').first()).toBeVisible();
    const paid = page.getByRole('region', { name: 'E-books to Buy' });
    const paidBooks = paid.getByRole('list', { name: 'Books to buy' }).getByRole('listitem');
    await expect(paidBooks.first()).toBeVisible();
    // Books to buy show their price (the sale price too while a promotion runs), never "Free".
    for (const book of (await paidBooks.all()).slice(0, 4)) {
      await expect(book.getByTestId('book-price')).toHaveText(/\d/, { useInnerText: true });
    }
    await paid.getByRole('link', { name: /^See all/ }).click();
    await expect(page).toHaveURL(/#\/library\?type=paid&sort=rating$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('rating');
    await expect(page.getByRole('radio', { name: 'Paid' })).toBeChecked();
  });

  test('the chapters accordion keeps one item open; clicking the open one closes it @phone', async ({ page }) => {
    await page.goto('/');
    const chapter = (n: number) => page.getByRole('button', { name: new RegExp(`^Chapter ${n}:`) });
    await expect(chapter(1)).toHaveAttribute('aria-expanded', 'true');
    await chapter(2).click();
    await expect(chapter(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(chapter(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: /^Chapter 2:/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Chapter 1:/ })).toBeHidden();
    await chapter(2).click();
    for (const n of [1, 2, 3, 4]) await expect(chapter(n)).toHaveAttribute('aria-expanded', 'false');
    await chapter(4).focus();
    await page.keyboard.press('Enter');
    await expect(chapter(4)).toHaveAttribute('aria-expanded', 'true');
  });

  test('the free-books carousel: 4 at a time, arrows stop at the ends', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Read Some Books Free' });
    const track = section.getByRole('list', { name: 'Free books' });
    await expect(track.locator('li')).not.toHaveCount(0);
    const count = await track.locator('li').count();
    expect(count).toBeGreaterThan(4);
    // Hovering pauses the automatic advance, so the arrows alone move it.
    await section.hover();
    await expect(track.locator('li:not([aria-hidden="true"])')).toHaveCount(4);
    await expect(track.locator('li:not([aria-hidden="true"])').first()).toContainText('Free');
    const previous = section.getByRole('button', { name: 'Previous books' });
    const next = section.getByRole('button', { name: 'Next books' });
    await expect(track).toHaveAttribute('data-index', '0');
    await expect(previous).toBeDisabled();
    for (let step = 1; step <= count - 4; step += 1) {
      await next.click();
      await expect(track).toHaveAttribute('data-index', String(step));
    }
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(track).toHaveAttribute('data-index', String(count - 5));
  });

  test('the carousel advances every 3 seconds, wraps to the start, and pauses on hover', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Read Some Books Free' });
    const track = section.getByRole('list', { name: 'Free books' });
    await expect(track).toHaveAttribute('data-index', '0');
    await page.mouse.move(0, 0);
    await expect(track).toHaveAttribute('data-index', '1', { timeout: 30_000 });
    const count = await track.locator('li').count();
    // Jump to the end with the arrows, then wait for the wrap.
    const next = section.getByRole('button', { name: 'Next books' });
    await section.hover();
    while (await next.isEnabled()) await next.click();
    await expect(track).toHaveAttribute('data-index', String(count - 4));
    await page.waitForTimeout(3_500);
    await expect(track).toHaveAttribute('data-index', String(count - 4)); // paused while hovered
    await page.mouse.move(0, 0);
    await expect(track).toHaveAttribute('data-index', '0', { timeout: 30_000 });
  });

  test('on a phone the carousel shows one book at a time @phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone layout only');
    await page.goto('/');
    const track = page.getByRole('list', { name: 'Free books' });
    await expect(track.locator('li:not([aria-hidden="true"])')).toHaveCount(1);
  });
});

test.describe('about', () => {
  test('about text, the 25% off banner with Shop Now, and testimonials', async ({ page }) => {
    await page.goto('/#/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '25% off' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What our readers say' })).toBeVisible();
    await expect(page.locator('figure:not([aria-hidden="true"])')).toHaveCount(5);
    // The promotion is on paid books: Shop Now opens the library on them.
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/#\/library\?type=paid$/);
  });
});

test.describe('contact', () => {
  test('every field is required; a valid message is sent to the store and thanked @phone', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && sent.push(new URL(request.url()).pathname));
    await page.goto('/#/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await page.getByLabel('Name').fill('Ruwan Perera');
    await page.getByLabel('Email').fill('ruwan@');
    await page.getByLabel('Subject').fill('A missing page');
    await page.getByLabel('Message').fill('Page 12 of my copy is blank.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    expect(sent).toEqual([]);
    await page.getByLabel('Email').fill('ruwan@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you, Ruwan Perera!');
    await expect(page.getByLabel('Name')).toHaveValue('');
    expect(sent).toEqual(['/api/contact']);
    // Mailed to the store's address (STORE_EMAIL's default), replying goes to the visitor.
    const mail = await waitForMail('hello@bookshelf.example', 'Contact: A missing page');
    expect(mail.text).toContain('Page 12 of my copy is blank.');
  });
});
