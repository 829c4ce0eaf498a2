/**
 * Login with Google, end to end: a store configured with a Google client (pointed, through
 * GOOGLE_ISSUER_URL, at a real OpenID provider this spec starts) sends the visitor through the
 * provider's own sign-in and consent pages and back, signed in, to the page they wanted; an
 * unverified e-mail is refused with its reason; a cart or wishlist action started before the sign-in
 * is finished after it. The store without a client is the shared one.
 */
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { ADMIN, E2E_PORT } from '../playwright.config';
import { OIDC_CLIENT, startOidcProvider, type LocalOidcProvider } from '../../apps/server/src/test/oidc-provider';
import { expectNoSeriousViolations } from '../support/accessibility';
import { uniqueEmail } from '../support/session';
import { startStore, type StoreProcess } from '../support/store-process';
import { expectPopup, recordPopups } from '../support/popups';
import { createBooks, token } from './public-fixtures';

test.describe.configure({ mode: 'serial' });

let store: StoreProcess;
let provider: LocalOidcProvider;

// Playwright reads the fixtures a hook asks for from this pattern: this one asks for none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  // Each project (desktop, phone) runs in its own worker, with its own ports.
  const base = E2E_PORT + (testInfo.project.name === 'phone' ? 4 : 2);
  const storeUrl = `http://127.0.0.1:${base + 1}`;
  provider = await startOidcProvider({ port: base, redirectUri: `${storeUrl}/api/auth/google/callback` });
  store = await startStore(base + 1, {
    PUBLIC_URL: storeUrl,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    GOOGLE_ISSUER_URL: provider.issuer,
  });
});

test.afterAll(async () => {
  await store?.stop();
  await provider?.close();
});

/** The provider's own pages: its login form (any password), then its consent page. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password at all');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a visitor signs in with Google and lands on the page they wanted, signed in @phone', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('google');
  await page.goto(`${store.url}/#/user-dashboard/profile`);
  await expect(page).toHaveURL(/#\/login/);
  const google = page.getByRole('button', { name: 'Login with Google' });
  await expect(google).toBeVisible();
  await expectNoSeriousViolations(page, 'login');
  await page.screenshot({ path: testInfo.outputPath('login.png'), fullPage: true });

  await google.click();
  await signInAtProvider(page, `verified:${email}`);

  await expect(page).toHaveURL(new RegExp(`^${store.url}/#/user-dashboard/profile`));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('main').last().getByText(email).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('main').last().getByText('Grace Hopper').filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('signed-in.png'), fullPage: true });

  // Back again later: the same member, not a new account.
  const session = await page.request.get(`${store.url}/api/auth/session`);
  const first = ((await session.json()) as { user: { _id: string } }).user._id;
  await page.context().clearCookies({ domain: '127.0.0.1', path: '/' });
  await page.goto(`${store.url}/#/login`);
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await signInAtProvider(page, `verified:${email}`);
  await expect(page).toHaveURL(new RegExp(`^${store.url}/#/$`));
  const again = await page.request.get(`${store.url}/api/auth/session`);
  expect(((await again.json()) as { user: { _id: string } }).user._id).toBe(first);
});

test('an e-mail Google has not verified is refused, with the reason', async ({ page }) => {
  await page.goto(`${store.url}/#/login`);
  await recordPopups(page);
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await signInAtProvider(page, `unverified:${uniqueEmail('unverified')}`);
  await expect(page).toHaveURL(new RegExp(`^${store.url}/#/login$`));
  await expectPopup(
    page,
    'Google sign-in failed',
    'Google has not verified the e-mail address of that account. Verify it with Google, or log in with your password.',
  );
  const session = await page.request.get(`${store.url}/api/auth/session`);
  expect(await session.json()).toEqual({ user: null });
});

test('Add To Cart and the heart, started before Login with Google, are finished after it @phone', async ({ page }) => {
  const request = await apiRequest.newContext({ baseURL: store.url });
  const [book] = await createBooks(request, `Google ${token()}`, [
    { title: `Return Trip ${token()}`, price: '6.99', pages: 12 },
  ]).finally(() => request.dispose());
  const email = uniqueEmail('google-return');

  /** A visitor's action ends at "Login Required"; Log in, then Login with Google, then back. */
  async function throughGoogle(action: string) {
    await page.getByRole('button', { name: action }).click();
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await signInAtProvider(page, `verified:${email}`);
    await expect(page).toHaveURL(new RegExp(`^${store.url}/#/book/${book!._id}$`));
  }

  await page.goto(`${store.url}/#/book/${book!._id}`);
  await throughGoogle('Add To Cart');
  await expect(page.getByRole('link', { name: 'In your cart · View cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (1 book)' })).toBeVisible();
  // Reloading does not add it again, nor start it over.
  await page.reload();
  await expect(page.getByRole('link', { name: 'In your cart · View cart' })).toBeVisible();
  const cart = (await (await page.request.get(`${store.url}/api/cart`)).json()) as { items: unknown[] };
  expect(cart.items).toHaveLength(1);

  // Signed out, the heart: the same member, by Google again, finds the book in their wishlist.
  await page.request.post(`${store.url}/api/auth/logout`);
  await page.context().clearCookies({ domain: '127.0.0.1', path: '/' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await throughGoogle('Add to favourites');
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  const wishlist = (await (await page.request.get(`${store.url}/api/wishlist`)).json()) as unknown;
  expect(JSON.stringify(wishlist)).toContain(book!._id);
});
