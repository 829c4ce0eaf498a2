import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mail';
import { PASSWORD, loginByApi, loginThroughUi, newMember, registerMember, uniqueEmail } from '../support/session';

test.describe('sign up and log in', () => {
  test('a visitor signs up with a Sri Lankan phone number, then logs in @phone', async ({ page }) => {
    await page.goto('/#/signup');
    await expect(page.getByLabel('Country')).toHaveValue('lk');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    const email = uniqueEmail();
    await page.getByLabel('Full name').fill('Nimal Perera');
    await page.getByLabel('Email').fill('not-an-email');
    await typePhone(page, '771234567');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    const registered = page.waitForRequest('**/api/auth/register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect((await registered).postDataJSON()).toMatchObject({ phone: '+94771234567', email });
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);

    await loginThroughUi(page, email, PASSWORD);
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('a registered email gets the same answer as a new one, and its owner an e-mail', async ({ page }) => {
    const member = await registerMember(page.request, 'Original Owner');
    await page.goto('/#/signup');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(member.email);
    await typePhone(page, '771234567');
    await page.getByLabel('Password', { exact: true }).fill('another-long-secret-5');
    await page.getByLabel('Confirm password').fill('another-long-secret-5');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    const notice = await waitForMail(member.email, 'Someone tried to register with your e-mail');
    expect(notice.text).toContain('Hello Original Owner,');
    // The account is untouched: the owner's password still works, the newcomer's does not.
    expect(
      (await page.request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } })).status(),
    ).toBe(200);
  });

  test('login validates, refuses a wrong password, and disables submit during the request', async ({ page }) => {
    const member = await registerMember(page.request);
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '#/signup');

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-9');
    // The answer is held until the busy button has been seen, however long that takes.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answer();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
  });

  test('Remember Me keeps the session cookie past the browser session; without it the cookie ends with the browser', async ({
    page,
    context,
  }) => {
    const member = await registerMember(page.request);
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const sessionOnly = (await context.cookies()).find((cookie) => cookie.name === 'session');
    expect(sessionOnly?.expires).toBe(-1);
    expect(sessionOnly?.httpOnly).toBe(true);

    await context.clearCookies();
    // Reloaded first, so the app forgets the session it had: a signed-in app sends a visit to Login
    // home, and a reload after that landed on the home page.
    await page.reload();
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Remember Me').check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Login Successful!' })).toBeVisible();
    const remembered = (await context.cookies()).find((cookie) => cookie.name === 'session');
    expect(remembered!.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 86_400);
    // The token is never readable by scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('session=');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('guards', () => {
  test('a visitor to a protected page is sent to /login and comes back after logging in', async ({ page }) => {
    const member = await registerMember(page.request);
    await page.goto('/#/user-dashboard/profile');
    await expect(page).toHaveURL(/#\/login$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/#\/user-dashboard\/profile$/);
  });

  test('a member at the admin dashboard is sent home', async ({ page }) => {
    await newMember(page);
    await page.goto('/#/admin-dashboard/members');
    await expect(page).toHaveURL(/#\/$/);
  });

  test('the Dashboard link goes to the dashboard of the role', async ({ page }) => {
    await newMember(page);
    await page.goto('/#/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/#\/user-dashboard$/);
  });

  test('logout ends the session, clears what the browser kept and goes home @phone', async ({ page }) => {
    const member = await registerMember(page.request);
    await loginByApi(page, member.email, member.password);
    await page.goto('/#/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('role')])).toEqual([
      null,
      null,
    ]);
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(401);
  });
});

/** Types after the prefilled dial code, as a person does. */
async function typePhone(page: Page, digits: string) {
  const phone = page.getByLabel('Phone');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(digits);
}
