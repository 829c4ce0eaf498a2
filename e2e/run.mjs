// `npm test` of the browser tests: every test but the store-wide ones (desktop and phone), then the
// tests tagged @store-wide alone, one at a time: they change what every shopper sees (the store's
// promotion), and a checkout running beside them would be refused. Arguments (files, -g) go to both
// runs; given --project, one run.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const playwright = (extra) =>
  spawnSync('npx', ['playwright', 'test', ...extra, ...args], { stdio: 'inherit' }).status ?? 1;

if (args.some((arg) => arg.startsWith('--project'))) process.exit(playwright([]));
const shared = playwright(['--project=desktop', '--project=phone', '--pass-with-no-tests']);
const alone = playwright(['--project=store-wide', '--workers=1', '--pass-with-no-tests']);
process.exit(shared || alone);
