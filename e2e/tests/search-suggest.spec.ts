/**
 * Search as you type: the library's search box suggests books (small cover, title, author) and is
 * driven by the keyboard alone, as the WAI-ARIA combobox pattern has it.
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { createBooks, token, type CreatedBook } from './public-fixtures';

let word: string;
let books: CreatedBook[];

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  word = token(8);
  books = await createBooks(request, `Suggest ${word}`, [
    { title: `${word} Comfort Farm`, price: '4.99' },
    { title: `${word} Mountain`, price: 'Free' },
    { title: `${word} Sassy Tree`, price: '6.50' },
  ]);
  await request.dispose();
});

test.describe('search suggestions', () => {
  test('arrows choose a suggested book and Enter opens it; Escape closes the list', async ({ page }) => {
    await page.goto('/#/library');
    const box = page.getByRole('combobox', { name: 'Search books by title' });
    await box.focus();
    await page.keyboard.type(word.slice(0, 5), { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Suggested books' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option')).toHaveCount(3);
    await expect(list.getByRole('option').first()).toContainText(`${word} Comfort Farm`);
    await expect(list.getByRole('option').first()).toContainText('Author 1');
    await expect(list.locator('img').first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = list.getByRole('option').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await page.screenshot({ path: test.info().outputPath('suggestions.png') });

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/book/${books[1]!._id}$`));
    await expect(page.getByRole('heading', { name: `${word} Mountain` })).toBeVisible();
  });

  test('Enter with nothing highlighted shows the full results', async ({ page }) => {
    await page.goto('/#/library');
    const box = page.getByRole('combobox', { name: 'Search books by title' });
    await box.focus();
    await page.keyboard.type(`${word} sassy`, { delay: 30 });
    await expect(page.getByRole('listbox', { name: 'Suggested books' }).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${word}`, 'i'));
    await expect(page.getByRole('list', { name: 'Books' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(`1 book for “${word} sassy”`)).toBeVisible();
  });
});
