import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, newMember } from '../support/session';
import { bookPdf, coverPng, uniqueTitle } from './admin-fixtures';
import { expectPopup, recordPopups } from '../support/popups';

/** The fields left empty, named in plain words (the title was typed). */
const VALIDATION_TEXT =
  'Please add the price, category, author, cover image, book file (PDF or EPUB), short story and description.';

/** Every POST/PUT to the book API the page makes. */
function watchBookWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/books\/?(\w|-)*$/.test(new URL(request.url()).pathname) && ['POST', 'PUT'].includes(request.method())) {
      writes.push(request.method());
    }
  });
  return writes;
}

async function fillRequired(page: Page, title: string, price: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill(price);
  await page.getByLabel('Category').fill('Food & Drink');
  await page.getByLabel('Author').fill('Sunethra Cook');
  await page.getByLabel('Short Story').fill('The kitchen smelled of cardamom.');
  await page.getByLabel('Description').fill('Recipes and tales from the old fort.');
}

async function attachFiles(page: Page, title: string) {
  await page
    .getByLabel('Upload Cover Image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  await page
    .getByLabel('Upload Book')
    .setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(title) });
  await expect(page.getByText('PDF uploaded')).toBeVisible();
}

test.beforeEach(({ page }) => recordPopups(page));

test('admin book form: Validation Error sends nothing, bad files are refused, a full form uploads with progress', async ({
  page,
}) => {
  const title = uniqueTitle('Cardamom Fort');
  const writes = watchBookWrites(page);
  await loginAsAdmin(page);
  await page.goto('/#/admin-dashboard/add-books');
  await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveAttribute('type', 'text');
  await expect(page.getByRole('group', { name: 'Meta Information' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page.getByRole('heading', { name: 'Validation Error' })).toBeVisible();
  await expect(page.getByText(VALIDATION_TEXT)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  // Text fields complete, files missing: still the same warning; a bad price is named under its field.
  await fillRequired(page, title, 'ten');
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page.getByRole('heading', { name: 'Validation Error' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Price must be a number, or Free')).toBeVisible();
  await page.getByLabel('Price').fill('free');
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page.getByRole('heading', { name: 'Validation Error' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  expect(writes).toEqual([]);

  await page
    .getByLabel('Upload Cover Image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('The cover must be a JPEG, PNG or WebP image.')).toBeVisible();
  await page.getByLabel('Upload Book').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(page.getByText('The book must be a PDF file.')).toBeVisible();
  await attachFiles(page, title);
  await page.getByLabel('Pages', { exact: true }).fill('212');
  await page.getByLabel('Publish Year').fill('1901');
  await page.getByLabel('Language').fill('Sinhala');
  await page.getByLabel('Price').fill('12.50');

  // Hold the answer back until the busy state has been seen, however long that takes.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/books/', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Book' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  answer();
  await expectPopup(page, 'Saved!', 'Book added successfully.');
  await expect(page).toHaveURL(/#\/admin-dashboard\/books$/, { timeout: 20_000 });

  expect(writes).toEqual(['POST']);
  const listed = await page.request.get(`/api/books?q=${encodeURIComponent(title)}`);
  expect(((await listed.json()) as { books: { title: string; status: string }[] }).books[0]).toMatchObject({
    title,
    status: 'added',
  });

  // The book is public at once, with its cover and meta.
  await page.goto(`/#/library?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
  await expect(card.getByTestId('book-price')).toHaveText('$12.50');
  await card.getByRole('link', { name: `View ${title}` }).click();
  await expect(page.getByText('Available in Stock')).toBeVisible();
  const info = page.getByRole('complementary', { name: 'Book Information' });
  await expect(info).toContainText('212');
  await expect(info).toContainText('1901');
  await expect(info).toContainText('Sinhala');
});

test('member book form: numeric price with the Free hint, submitted as pending, edit keeps the status @phone', async ({
  page,
}) => {
  const title = uniqueTitle('Monsoon Letters');
  const writes = watchBookWrites(page);
  await newMember(page, 'Dilani Writer');
  await page.goto('/#/user-dashboard/addUserBooks');
  await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveAttribute('type', 'number');
  await expect(page.getByText('Enter 0 for Free.')).toBeVisible();
  await fillRequired(page, title, '0');
  await attachFiles(page, title);
  await page.getByRole('button', { name: 'Save Book' }).click();
  // A member's book waits for an admin: the success says so.
  await expect(page.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
  await expect(page).toHaveURL(/#\/user-dashboard\/userBooks$/, { timeout: 20_000 });

  const mine = await page.request.get('/api/books/user/pending');
  const book = ((await mine.json()) as { _id: string; title: string; status: string }[]).find(
    (b) => b.title === title,
  )!;
  expect(book.status).toBe('pending');
  expect((await page.request.get(`/api/books?q=${encodeURIComponent(title)}`).then((r) => r.json())).books).toEqual([]);

  await page.goto(`/#/user-dashboard/addUserBooks/${book._id}`);
  await expect(page.getByRole('heading', { name: 'Edit Book' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Price')).toHaveValue('0');
  await expect(page.getByText('PDF uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  await page.getByLabel('Description').fill('Letters written during the long rains.');
  await page.getByRole('button', { name: 'Update Book' }).click();
  await expectPopup(page, 'Updated!', 'Book updated successfully.');
  expect(writes).toEqual(['POST', 'PUT']);
  await expect(page).toHaveURL(/#\/user-dashboard\/userBooks$/, { timeout: 20_000 });
  // The edit sent the stored status back unchanged.
  const after = await page.request.get('/api/books/user/pending');
  expect(((await after.json()) as { _id: string; status: string }[]).find((b) => b._id === book._id)?.status).toBe(
    'pending',
  );
});
