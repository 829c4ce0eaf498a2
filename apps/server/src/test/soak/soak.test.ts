/**
 * The short soak in `npm test` (embedded run only): the store, bundled as for production, on the demo
 * catalogue, under a steady mixed load for SOAK_SECONDS (default 20): no errors, and every window
 * answers. The 10-minute run with the memory figures is `npm run soak`.
 */
import { describe, expect, it } from 'vitest';
import { runSoak } from './soak.js';
import { bundledStore } from '../store-bundle.js';

const embeddedRun = !process.env.TEST_DATABASE_URL && process.env.TEST_FILE_STORE !== 's3';
const SECONDS = Number(process.env.SOAK_SECONDS ?? 20);

describe.runIf(embeddedRun)('a short soak', () => {
  it(`serves ${SECONDS} s of mixed load (browse, search, view, buy, download, upload) without an error`, async () => {
    // At least 5 requests a second's worth: on a busy machine the store answers more slowly, and the load
    // goes on past the seconds until it has been made.
    const report = await runSoak({
      seconds: SECONDS,
      minRequests: SECONDS * 5 + 1,
      rate: 20,
      users: 4,
      serverEntry: bundledStore('server'),
    });
    console.log(
      `soak: ${report.requests} requests in ${report.seconds} s, ${report.errors} errors, ` +
        `RSS ${report.rssStartMb} → ${report.rssEndMb} MB (max ${report.rssMaxMb}), ` +
        `p99 by window ${report.windows.map((window) => window.p99Ms).join(' ')} ms`,
    );
    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.requests).toBeGreaterThan(SECONDS * 5);
    expect(Object.keys(report.byKind)).toEqual(expect.arrayContaining(['browse', 'search', 'view', 'buy', 'download']));
  }, 600_000);
});
