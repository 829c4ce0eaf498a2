/** The accessibility check every screen shares: axe, WCAG 2.1 A and AA, no serious or critical finding. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './animations';

/**
 * `screen` names the page in the failure's message. Popups are closed first (they are checked on their
 * own, with `popup: true`), and the page's transitions are let finish: axe reads colours mid-fade
 * otherwise (an active sidebar entry fading to its colour read as too little contrast).
 */
export async function expectNoSeriousViolations(page: Page, screen: string, { popup = false } = {}) {
  if (!popup) await expect(page.locator('.swal2-container')).toHaveCount(0);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
