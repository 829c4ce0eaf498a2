import path from 'node:path';
import { inject } from 'vitest';

/**
 * A script of the store bundled as `npm run build` makes it (once for the test run, in global-setup.ts),
 * for tests that start the store or its import command as a process: `node <script>`.
 */
export function bundledStore(script: 'server' | 'import'): string {
  return path.join(inject('storeBundle'), `${script}.js`);
}
