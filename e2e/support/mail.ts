/** The store's outgoing mail in the e2e run: the .eml files under E2E_DATA_DIR/mail (no SMTP_URL is set). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from '../playwright.config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function readAll(): Promise<Mail[]> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
      return { to: to.join(','), subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

/** Waits for a message to an address whose subject starts with `subject`; the newest such message. */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await readAll()).filter((mail) => mail.to === to && mail.subject.startsWith(subject)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
