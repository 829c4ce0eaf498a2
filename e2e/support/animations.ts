import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations and transitions (entrance fades, slides) have finished, however
 * long a busy machine takes: axe reads colours mid-fade otherwise. Endless ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
