// Starts the built store on a fresh, empty data directory (so the first-run seed runs) for the
// end-to-end tests, and removes the directory (and the simulated gateway's) when the tests stop it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// E2E_DATA_DIR (set by playwright.config.ts, so the tests can read the store's .eml mail) is emptied first.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ebook-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// E2E_FROM_SOURCE=1 runs the server from its TypeScript sources (no server build needed).
const args = process.env.E2E_FROM_SOURCE
  ? ['--import', 'tsx', '../apps/server/src/server.ts']
  : ['../apps/server/dist/server.js'];
// The demo store runs on the simulated payment gateway, explicitly (as `npm start` does).
args.push('--allow-simulated-payments');
const server = spawn(process.execPath, args, {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  // The simulated gateway's own folder (its ledger and key), beside DATA_DIR by default.
  rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
  process.exit(code ?? 0);
});
