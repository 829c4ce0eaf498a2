import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { buildEpub } from '../support/epub';
import { createEpubBook, type EpubBook } from '../support/epub-books';
import { token } from './public-fixtures';

const SHOTS = process.env.READER_SHOTS_DIR;
const BASE = `http://127.0.0.1:${E2E_PORT}`;
const CHAPTERS = 12;

/** Twelve chapters of the same length, each with a line no other chapter has. */
const chapters = Array.from({ length: CHAPTERS }, (_, index) => ({
  title: `Chapter ${index + 1}: Part ${index + 1}`,
  body: `<p>Only chapter ${index + 1} says: lantern-${index + 1}-shines.</p>${Array.from(
    { length: 12 },
    () => `<p>The ferry crossed the bay at first light, and the keeper counted the gulls on the quay.</p>`,
  ).join('')}`,
}));

let book: EpubBook;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE });
  const title = `The Lantern ${token()}`;
  const epub = await buildEpub(title, 'Ada Fairweather', chapters);
  book = await createEpubBook(request, { title, epub, price: '6.50', cover: [120, 60, 30] });
  await request.dispose();
});

test.describe.configure({ timeout: 180_000 });

const view = (page: Page) => page.getByTestId('epub-view');
const text = (page: Page) => page.frameLocator('[data-testid="epub-view"] iframe').locator('body');

test('a visitor reads the sample of a paid EPUB and nothing past it @phone', async ({ page }) => {
  const books: string[] = [];
  page.on('request', (sent) => {
    const match = /\/api\/books\/[^/]+\/(epub[^?]*)/.exec(sent.url());
    if (match?.[1]) books.push(match[1]);
  });

  await page.goto(`/#/book/${book._id}`);
  await page.getByRole('link', { name: 'Read A Little' }).click();
  await expect(page).toHaveURL(new RegExp(`#/read/${book._id}/sample$`));
  await expect(view(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sample');
  await expect(text(page)).toContainText('lantern-1-shines');

  // The contents list the sample's chapter and its closing page, and no chapter beyond it.
  await page.getByRole('button', { name: 'Contents' }).click();
  const contents = page.getByRole('navigation', { name: 'Table of contents' });
  await expect(contents.getByRole('button', { name: 'Chapter 1: Part 1' })).toBeVisible();
  await expect(contents.getByRole('button', { name: 'End of the sample' })).toBeVisible();
  await expect(contents.getByRole('listitem')).toHaveText(['Chapter 1: Part 1', 'End of the sample']);
  await contents.getByRole('button', { name: 'End of the sample' }).click();
  await expect(text(page)).toContainText('End of the sample');

  // The end of the sample is the end: nothing of chapter 2 on, and an offer to buy the book.
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Buy the book' })).toBeVisible();
  for (let chapter = 2; chapter <= CHAPTERS; chapter += 1) {
    await expect(text(page)).not.toContainText(`lantern-${chapter}-shines`);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/epub-sample-${test.info().project.name}.png` });
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="epub-view"] iframe')
    .analyze();
  const serious = axe.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
  expect(serious.map((found) => `${found.id}: ${found.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The reader asked for the sample only; the whole EPUB is refused to a visitor, by range too.
  expect(books.length).toBeGreaterThan(0);
  expect(books.every((path) => path === 'epub-sample')).toBe(true);
  const whole = await page.request.get(`/api/books/${book._id}/epub`);
  expect(whole.status()).toBe(401);
  const ranged = await page.request.get(`/api/books/${book._id}/epub`, { headers: { Range: 'bytes=0-1023' } });
  expect(ranged.status()).toBe(401);
  const sample = await page.request.get(`/api/books/${book._id}/epub-sample`);
  expect(sample.status()).toBe(200);
});

test('the reader bar follows the dark and sepia themes @phone', async ({ page }) => {
  await page.goto(`/#/read/${book._id}/sample`);
  await expect(view(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const bar = page.locator('header[data-theme]');
  const heading = page.getByRole('heading', { level: 1 });
  expect(luminance(await rgbOf(bar, 'backgroundColor'))).toBeGreaterThan(0.95);
  await page.getByRole('button', { name: 'Text settings', exact: true }).click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(bar).toHaveAttribute('data-theme', 'dark');
  await expect(text(page)).toHaveCSS('background-color', 'rgb(28, 25, 23)');
  // The bar is dark too (stone-900), its title light.
  await expect.poll(async () => luminance(await rgbOf(bar, 'backgroundColor'))).toBeLessThan(0.05);
  expect(luminance(await rgbOf(heading, 'color'))).toBeGreaterThan(0.7);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/epub-dark-${test.info().project.name}.png` });
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="epub-view"] iframe')
    .analyze();
  const serious = axe.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
  expect(serious.map((found) => `${found.id}: ${found.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.getByRole('button', { name: 'Sepia' }).click();
  await expect(bar).toHaveAttribute('data-theme', 'sepia');
  await expect.poll(async () => luminance(await rgbOf(bar, 'backgroundColor'))).toBeGreaterThan(0.6);
  const [red = 0, , blue = 0] = await rgbOf(bar, 'backgroundColor');
  expect(red - blue).toBeGreaterThan(20); // warm paper, not white
  expect(luminance(await rgbOf(heading, 'color'))).toBeLessThan(0.1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/epub-sepia-${test.info().project.name}.png` });
});

/** An element's computed colour as sRGB bytes (Tailwind's colours are oklch: a canvas converts them). */
function rgbOf(locator: Locator, property: 'backgroundColor' | 'color'): Promise<number[]> {
  return locator.evaluate((element, name) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(element)[name];
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, property);
}

/** Relative luminance (0 black .. 1 white) of sRGB bytes. */
function luminance([r = 0, g = 0, b = 0]: number[]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
