/**
 * A second store, started by a spec that needs a configuration of its own (the shared one is started
 * by playwright.config.ts): the built server on a fresh data folder, stopped and removed after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/server.js');

export interface StoreProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startStore(port: number, env: Record<string, string>): Promise<StoreProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [serverScript, '--allow-simulated-payments'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
  };
  // Ready when it answers; a busy machine takes a while to start it.
  for (let attempt = 0; attempt < 900; attempt += 1) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the store did not start');
}
