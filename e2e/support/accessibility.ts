/** The accessibility check the shopper's screens share: axe, WCAG 2.1 A and AA, no serious or critical finding. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** `screen` names the page in the failure's message. Popups are closed first: they are checked on their own. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
