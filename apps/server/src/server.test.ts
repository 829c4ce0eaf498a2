/**
 * The real entry point, as `npm start` runs it: in production it refuses the simulated payment
 * gateway unless allowed, and `--allow-simulated-payments` (what `npm start` passes) allows it, loudly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';
import { bundledStore } from './test/store-bundle.js';

const entry = bundledStore('server');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function start(args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-start-'));
  dirs.push(dataDir, `${dataDir}-gateway`);
  const port = await freePort();
  const child = spawn(process.execPath, [entry, ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_SIMULATED_PAYMENTS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'start-test-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exited, output: () => output };
}

describe('starting the store in production', () => {
  it('refuses the simulated gateway without ALLOW_SIMULATED_PAYMENTS', async () => {
    const store = await start([], {});
    expect(await store.exited).toBe(1);
    expect(store.output()).toContain('ALLOW_SIMULATED_PAYMENTS: the only payment gateway is the simulated one');
  }, 180_000);

  it('starts with --allow-simulated-payments (as `npm start` does) and warns that payments are simulated', async () => {
    const store = await start(['--allow-simulated-payments'], {});
    try {
      let ready = false;
      const deadline = Date.now() + 150_000; // a fresh embedded database is created and migrated first
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${store.port}/api/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready, store.output()).toBe(true);
      expect(store.output()).toContain('Payments are SIMULATED');
    } finally {
      store.child.kill('SIGTERM');
      await store.exited;
    }
  }, 180_000);

  it('lets ALLOW_SIMULATED_PAYMENTS=false win over the flag', async () => {
    const store = await start(['--allow-simulated-payments'], { ALLOW_SIMULATED_PAYMENTS: 'false' });
    expect(await store.exited).toBe(1);
  }, 180_000);
});
