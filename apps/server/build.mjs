// Bundles the server (and the shared package it imports) into dist/server.js, the backup command into
// dist/backup.js and the PDF stamping worker into dist/stamp.worker.js; dependencies stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    backup: 'src/backup/cli.ts',
    // Run in a worker thread by modules/files/stamped-copies.ts, found beside server.js.
    'stamp.worker': 'src/modules/files/stamp.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The shared workspace package is TypeScript source: bundle it rather than import it at run time.
  alias: { '@ebook/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
