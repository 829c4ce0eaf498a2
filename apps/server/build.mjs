// Bundles the server (and the shared package it imports) into dist/server.js, the backup and import
// commands into dist/backup.js and dist/import.js, and the document pool's worker into
// dist/document.worker.js; dependencies stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    backup: 'src/backup/cli.ts',
    import: 'src/modules/imports/cli.ts',
    // Run in worker threads by modules/files/document-jobs.ts, found beside server.js.
    'document.worker': 'src/document.worker.ts',
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
