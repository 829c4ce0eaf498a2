/** Helpers shared by the end-to-end specs: fresh accounts through the real UI or API. */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';

export const PASSWORD = 'turning-pages-77';

export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers a member through the API (fast); returns the credentials. */
export async function registerMember(request: APIRequestContext, name = 'Ada Reader') {
  const email = uniqueEmail();
  const response = await request.post('/api/auth/register', {
    data: { name, email, phone: '+94771234567', password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return { name, email, password: PASSWORD };
}

/** Logs in through the login screen and waits for the redirect. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Login Successful!' })).toBeVisible();
}

/** Logs in by API inside the page's browser context, so the session cookie is set. */
export async function loginByApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: unknown };
  await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('role', (u as { role: string }).role);
  }, user);
}

export async function loginAsAdmin(page: Page) {
  await loginByApi(page, ADMIN.email, ADMIN.password);
}

export async function newMember(page: Page, name = 'Ada Reader') {
  const member = await registerMember(page.request, name);
  await loginByApi(page, member.email, member.password);
  return member;
}
