/**
 * Everything a page reports as an error while a test drives it: console errors (a failed request is
 * one: "Failed to load resource: … 404"), uncaught exceptions and Content-Security-Policy violations.
 */
import type { Page } from '@playwright/test';

/** Starts listening; the returned list fills as the page runs. */
export function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
