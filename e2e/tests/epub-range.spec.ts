import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, E2E_PORT } from '../playwright.config';
import { buildEpub } from '../support/epub';
import { coverPng } from './admin-fixtures';
import { token } from './public-fixtures';

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const PLATE_BYTES = 4 * 1024 * 1024;

const view = (page: Page) => page.getByTestId('epub-view');
const text = (page: Page) => page.frameLocator('[data-testid="epub-view"] iframe').locator('body');

/** Ten chapters; the last shows a 4 MB picture that does not compress (random bytes, stored). */
async function illustratedBook(title: string): Promise<Buffer> {
  const chapters = Array.from({ length: 10 }, (_, index) => ({
    title: `Chapter ${index + 1}`,
    body:
      index === 9
        ? '<p>The last plate.</p><p><img src="images/plate.jpg" alt="The plate"/></p>'
        : `<p>Words of chapter ${index + 1}.</p>`,
  }));
  const zip = await JSZip.loadAsync(await buildEpub(title, 'Ada Fairweather', chapters));
  zip.file('OEBPS/images/plate.jpg', randomBytes(PLATE_BYTES), { compression: 'STORE' });
  const opf = (await zip.file('OEBPS/content.opf')!.async('string')).replace(
    '<manifest>',
    '<manifest><item id="plate" href="images/plate.jpg" media-type="image/jpeg"/>',
  );
  zip.file('OEBPS/content.opf', opf);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test.describe.configure({ timeout: 180_000 });

test('an EPUB is read by range: the first chapter without the rest, a picture when its chapter shows', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: BASE });
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const { token: bearer } = (await login.json()) as { token: string };
  const title = `The Plates ${token()}`;
  const epub = await illustratedBook(title);
  const created = await request.post('/api/books/', {
    headers: { Authorization: `Bearer ${bearer}` },
    multipart: {
      title,
      author: 'Ada Fairweather',
      category: `EPUB ${token()}`,
      price: '0',
      story: 'Plates.',
      description: 'A book with one large plate.',
      status: 'added',
      meta: '{}',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: coverPng([30, 30, 90]) },
      epub: { name: 'book.epub', mimeType: 'application/epub+zip', buffer: epub },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { book } = (await created.json()) as { book: { _id: string } };
  await request.dispose();

  let bytes = 0;
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!/\/api\/books\/[^/]+\/epub$/.test(new URL(response.url()).pathname)) return;
    answers.push(`${response.status()} ${response.request().headers().range ?? 'no range'}`);
    bytes += Number(response.headers()['content-length'] ?? 0);
  });

  await page.goto(`/#/read/${book._id}`);
  await expect(view(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(text(page)).toContainText('Words of chapter 1.');
  // Every answer was a range, and far less than the file was read to show chapter 1.
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) expect(answer).toMatch(/^206 bytes=/);
  expect(bytes).toBeLessThan(epub.length / 4);

  await page.getByRole('button', { name: 'Contents' }).click();
  await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('button', { name: 'Chapter 10' }).click();
  await expect(text(page)).toContainText('The last plate.');
  // The plate is read now, from the book, and shown from a blob: URL (nothing else was asked for).
  await expect(text(page).getByRole('img', { name: 'The plate' })).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => bytes).toBeGreaterThan(PLATE_BYTES);
  for (const answer of answers) expect(answer).toMatch(/^206 bytes=/);
});
