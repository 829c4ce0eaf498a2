import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** End-to-end tests: the built app on a fresh data dir, driven in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The store's DATA_DIR for this run (fresh each start): the tests read its mail/ folder (.eml files). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `ebook-e2e-${E2E_PORT}`);
export const ADMIN = { email: 'admin@bookshop.local', password: 'e2e-admin-password' };

/**
 * Debian's headless shell of Chromium (the `chromium-headless-shell` package), which Playwright itself
 * runs for headless tests: the same engine without the full browser's window machinery, a quarter
 * less CPU for the whole run. The full browser when the shell is not installed; CHROMIUM_PATH overrides.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  },
};

const desktop = { ...devices['Desktop Chrome'], ...chromium, viewport: { width: 1280, height: 800 } };
/** The tag of tests that change what every shopper or the admin sees (see the 'store-wide' project). */
const STORE_WIDE = /@store-wide/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous bounds for a machine busy with other work: tests wait for conditions, not for the clock.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Recording a trace costs about a sixth of the tests' time, and a CI run keeps only its output: traces
    // are asked for when a failure is looked into (`--trace retain-on-failure`).
    trace: 'off',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  projects: [
    { name: 'desktop', use: desktop, grepInvert: STORE_WIDE },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], ...chromium },
      grep: /@phone/,
      grepInvert: STORE_WIDE,
    },
    // Tests that change what every shopper or the admin sees (the store's promotion, the admin's unread
    // notifications) run after the others, one at a time, on the same store: a checkout running beside them
    // would be refused, its total changed under it; a submission beside them would change the admin's count.
    { name: 'store-wide', use: desktop, grep: STORE_WIDE, dependencies: ['desktop', 'phone'], workers: 1 },
  ],
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      E2E_DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      LOGIN_FAILURES_BEFORE_DELAY: '1000',
      SEARCHES_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  },
});
