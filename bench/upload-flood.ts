/**
 * Unauthenticated upload flood: starts the BUILT server (apps/server/dist/server.js) on a fresh data
 * directory, then sends concurrent unauthenticated JSON `POST /api/books/` requests with a huge body
 * and reports the server's resident memory before, at its peak, and after, and whether it still
 * answers. A store must refuse these without reading them.
 *
 *   npm run build && npm run upload-flood -w bench
 *   FLOOD_REQUESTS=50 FLOOD_MB=140 FLOOD_PORT=4111 npm run upload-flood -w bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const requests = Number(process.env.FLOOD_REQUESTS ?? 50);
const bodyMb = Number(process.env.FLOOD_MB ?? 140);
const port = Number(process.env.FLOOD_PORT ?? 4111);
const floodPath = process.env.FLOOD_PATH ?? '/api/books/';
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');

const MB = 1024 * 1024;
const prefix = Buffer.from('{"title":"Flood","author":"Nobody","category":"x","price":"0","pdf":"');
const suffix = Buffer.from('"}');
const filler = Buffer.alloc(MB, 'A');
const contentLength = prefix.length + bodyMb * MB + suffix.length;

/** Resident memory of a process in MB (Linux). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await status('/api/ready')) === 200) return;
    await sleep(200);
  }
  throw new Error('The server did not become ready.');
}

/** The status of a GET, or 0 when the server does not answer within 5 s. */
function status(urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, timeout: 5000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

interface FloodResult {
  status: number | 'error';
  mbSent: number;
  ms: number;
}

/** One unauthenticated upload, written in 1 MB chunks with back-pressure until the server answers. */
function flood(): Promise<FloodResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answered: number | undefined;
    let done = false;
    const finish = (result: number | 'error') => {
      if (done) return;
      done = true;
      resolve({ status: result, mbSent: Math.round(sent / MB), ms: Date.now() - started });
    };
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: floodPath,
      headers: { 'content-type': 'application/json', 'content-length': contentLength },
    });
    request.on('response', (response) => {
      answered = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => finish(answered!));
      // Stop sending once the server has answered.
      request.destroy();
      finish(answered);
    });
    request.on('error', () => finish(answered ?? 'error'));
    request.on('close', () => finish(answered ?? 'error'));

    let chunks = 0;
    const write = (): void => {
      if (done) return;
      let ok = true;
      if (chunks === 0) ok = request.write(prefix);
      while (ok && chunks < bodyMb) {
        chunks += 1;
        sent += MB;
        ok = request.write(filler);
        if (done) return;
      }
      if (chunks < bodyMb) request.once('drain', write);
      else request.end(suffix);
    };
    write();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-flood-'));
  const server = spawn(process.execPath, [serverEntry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
      DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
    },
  });
  let exited: number | null | undefined;
  server.on('exit', (code, signal) => {
    exited = code ?? (signal ? -1 : null);
  });
  const pid = server.pid!;
  try {
    await waitUntilReady();
    await sleep(1000);
    const idle = residentMb(pid);
    console.log(`${requests} unauthenticated POST ${floodPath}, ${bodyMb} MB of JSON each`);
    console.log(`idle resident memory: ${idle.toFixed(0)} MB`);

    let peak = idle;
    const sampler = setInterval(() => {
      if (exited === undefined) peak = Math.max(peak, residentMb(pid));
    }, 100);
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: requests }, () => flood()));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;

    const byStatus = new Map<string, number>();
    for (const result of results) byStatus.set(String(result.status), (byStatus.get(String(result.status)) ?? 0) + 1);
    const sent = results.reduce((total, result) => total + result.mbSent, 0);
    console.log(
      `answers: ${[...byStatus].map(([code, count]) => `${count} × ${code}`).join(', ')} in ${seconds.toFixed(1)} s`,
    );
    console.log(`body sent before the server answered or closed: ${sent} MB in all`);
    if (exited !== undefined) {
      console.log(`the server DIED (exit ${exited}); peak resident memory seen: ${peak.toFixed(0)} MB`);
      process.exitCode = 1;
      return;
    }
    await sleep(2000);
    const after = residentMb(pid);
    const health = await status('/api/health');
    console.log(`peak resident memory: ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle)`);
    console.log(`resident memory 2 s after: ${after.toFixed(0)} MB (+${(after - idle).toFixed(0)} MB over idle)`);
    console.log(`GET /api/health afterwards: ${health || 'no answer'}`);
    const ok = peak - idle <= 50 && health === 200;
    console.log(ok ? 'PASS: within 50 MB of idle and still answering' : 'FAIL: target is within 50 MB of idle');
    if (!ok) process.exitCode = 1;
  } finally {
    if (exited === undefined) server.kill('SIGTERM');
    await new Promise((resolve) => (exited === undefined ? server.once('exit', resolve) : resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
