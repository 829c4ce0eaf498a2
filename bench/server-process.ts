/** Watching a server process from a benchmark: its resident memory (from /proc) and its readiness. */
import { readFileSync } from 'node:fs';

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the process's resident memory while `work` runs; returns the peak. */
export async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssOf(pid));
}

export async function waitUntilReady(port: number, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 5; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
}
