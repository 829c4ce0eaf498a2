/**
 * `npm run soak`: the built store on the demo catalogue under a steady mixed load for SOAK_SECONDS
 * (default 600) at SOAK_RATE requests per second (default 30) from SOAK_USERS members (default 6);
 * prints resident memory after warm-up and at the end, p99 per minute, and the errors.
 */
import { runSoak } from '../src/test/soak/soak.js';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const report = await runSoak({
  seconds,
  rate: Number(process.env.SOAK_RATE ?? 30),
  users: Number(process.env.SOAK_USERS ?? 6),
  log: (line) => console.log(line),
});
const minutes = [];
for (let at = 60; at <= seconds; at += 60) {
  const inMinute = report.windows.filter((window) => window.atSecond > at - 60 && window.atSecond <= at);
  if (inMinute.length > 0) minutes.push(Math.max(...inMinute.map((window) => window.p99Ms)));
}
console.log(JSON.stringify({ ...report, windows: undefined, p99ByMinuteMs: minutes }, null, 2));
process.exit(report.errors === 0 ? 0 : 1);
