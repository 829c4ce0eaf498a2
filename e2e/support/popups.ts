/**
 * The store's success popups close themselves after 1.8 s. On a loaded machine a check made after
 * the action can start when the popup is already gone, so the specs that read a popup's title and
 * text record every popup the page shows, from before the action, and check the record instead.
 */
import { expect, type Page } from '@playwright/test';

interface Popup {
  title: string;
  text: string;
}

declare global {
  interface Window {
    __popups?: Popup[];
  }
}

function record() {
  if (window.__popups) return;
  const seen: Popup[] = [];
  window.__popups = seen;
  const look = () => {
    const popup = document.querySelector('.swal2-popup');
    if (!popup) return;
    const title = popup.querySelector('.swal2-title')?.textContent?.trim() ?? '';
    const text = popup.querySelector('.swal2-html-container')?.textContent?.trim() ?? '';
    const last = seen.at(-1);
    if (title && (last?.title !== title || last.text !== text)) seen.push({ title, text });
  };
  const start = () =>
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** Starts recording the popups of this page, for this and every later document it loads. */
export async function recordPopups(page: Page) {
  await page.addInitScript(record);
  await page.evaluate(record).catch(() => undefined);
}

/**
 * Waits until the page has shown a popup with this title (and text), even one already closed. The
 * popup is taken off the record, so a later check waits for a new one.
 */
export async function expectPopup(page: Page, title: string, text?: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ title, text }) => {
            const popups = window.__popups ?? [];
            const index = popups.findIndex((popup) => popup.title === title && (text === null || popup.text === text));
            if (index >= 0) popups.splice(index, 1);
            return index >= 0;
          },
          { title, text: text ?? null },
        ),
      { message: `a popup "${title}"${text ? ` saying "${text}"` : ''}` },
    )
    .toBe(true);
}
