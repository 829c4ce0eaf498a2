import { expect, test } from '@playwright/test';
import { newMember } from '../support/session';

test.describe('navigation bar', () => {
  test('highlights the current page and hides Login once signed in', async ({ page }) => {
    await page.goto('/#/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

    await newMember(page, 'Kumari Silva');
    await page.goto('/#/library');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    // No picture yet: an avatar generated from the name.
    await expect(page.getByRole('img', { name: "Kumari Silva's avatar" }).first()).toHaveText('KS');
  });

  test('is transparent at the top and white with a shadow once scrolled past 10 px', async ({ page }) => {
    await page.goto('/#/login');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await page.goto('/#/login');
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/#\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the footer has the links, the contact phone and e-mail and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Home', 'About', 'Library', 'Contact']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('on a phone the links move into a side menu with a backdrop @phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone layout only');
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Library' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expect(menu.getByText('Guest', { exact: true })).toBeVisible();
    await page.getByTestId('side-menu-backdrop').click({ position: { x: 20, y: 300 } });
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/#\/library$/);
    await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await newMember(page, 'Ravi Fernando');
    await page.goto('/#/about');
    // The menu closes on every route change: open it once the About page has arrived.
    await expect(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByText('Ravi Fernando')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});
