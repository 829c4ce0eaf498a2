import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail';
import { PASSWORD, loginThroughUi, registerMember, uniqueEmail } from '../support/session';

test('a member who forgot the password resets it from the e-mailed link, once', async ({ page }) => {
  const member = await registerMember(page.request, 'Forgetful Reader');
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toContainText('If an account exists for this e-mail');

  const mail = await waitForMail(member.email, 'Reset your password');
  const link = /https?:\/\/\S+#\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const hash = new URL(link!).hash;
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  const newPassword = 'a-fresh-start-2026';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  // The link works once.
  await page.goto(`/${hash}`);
  await page.getByLabel('New password').fill('yet-another-one-55');
  await page.getByLabel('Confirm password').fill('yet-another-one-55');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link has already been used. Please ask for a new one.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await loginThroughUi(page, member.email, newPassword);
  // The old password no longer works.
  const old = await page.request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
  expect(old.status()).toBe(401);
});

test('asking for an unknown e-mail gets the same answer', async ({ page }) => {
  await page.goto('/#/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this e-mail');
});
