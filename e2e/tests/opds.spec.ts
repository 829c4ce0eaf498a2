/**
 * E-reader apps: a member creates an app password in Profile, and the OPDS catalogue lets it (and only
 * it) into My Library; the footer and My Library show the catalogue's address.
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember } from '../support/session';
import { createBooks, token } from './public-fixtures';

const SHOTS = process.env.OPDS_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

test('a member creates an app password in Profile and reads My Library over OPDS with it', async ({ page }) => {
  const word = token();
  const [book] = await createBooks(page.request, `Opds ${word}`, [{ title: `Lantern Road ${word}`, price: 'Free' }]);
  const member = await newMember(page, 'Ada Reader');
  // Taking a free book keeps it in the member's library.
  expect((await page.request.get(`/api/books/${book!._id}/pdf`)).status()).toBe(200);

  await page.goto('/#/user-dashboard/profile');
  await expect(page.getByRole('heading', { name: 'E-reader apps' })).toBeVisible();
  const address = `${new URL(page.url()).origin}/opds`;
  await expect(page.getByTestId('opds-address')).toHaveText(address);
  await expect(page.getByTestId('footer-opds')).toContainText(address);

  await page.getByLabel('App or device name').fill('KOReader on my Kobo');
  // The account password confirms a new app password.
  await page.getByLabel('Your account password').fill(member.password);
  await page.getByRole('button', { name: 'Create app password' }).click();
  const shown = page.getByTestId('new-app-password');
  await expect(shown).toHaveText(/^([a-z2-9]{4}-){4}[a-z2-9]{4}$/);
  const password = (await shown.textContent())!;
  const list = page.getByRole('list', { name: 'App passwords' });
  await expect(list).toContainText('KOReader on my Kobo');
  await expect(list).toContainText('never used');
  await shot(page, 'profile-app-password');

  // The page's own request context, as an e-reader app would ask: HTTP Basic with the app password.
  const library = await page.request.get('/opds/library', {
    headers: { Authorization: basic(member.email, password) },
  });
  expect(library.status()).toBe(200);
  expect(library.headers()['content-type']).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition');
  const feed = await library.text();
  expect(feed).toContain(`<title>Lantern Road ${word}</title>`);
  expect(feed).toContain(`/opds/books/${book!._id}/file`);
  const download = await page.request.get(`/opds/books/${book!._id}/file`, {
    headers: { Authorization: basic(member.email, password) },
  });
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');

  // The account password is no app password.
  const refused = await page.request.get('/opds/library', {
    headers: { Authorization: basic(member.email, member.password) },
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('Basic realm=');

  await page.reload();
  await expect(list).toContainText('last used');
  await list.getByRole('button', { name: 'Revoke' }).click();
  // The confirmation's own button (the dialog's script loads with the first dialog).
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no app passwords yet.')).toBeVisible();
  const revoked = await page.request.get('/opds/library', {
    headers: { Authorization: basic(member.email, password) },
  });
  expect(revoked.status()).toBe(401);

  await page.goto('/#/user-dashboard/my-library');
  await expect(page.getByTestId('library-opds')).toContainText(address);
  await shot(page, 'my-library-opds');
});
