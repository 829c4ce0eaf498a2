// Bundles the server (and the shared package it imports) into dist/server.js, the backup and import
// commands into dist/backup.js and dist/import.js, and the document pool's worker into
// dist/document.worker.js (split per kind of job); dependencies stay external.
import { build } from 'esbuild';

const common = {
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
};

await build({
  ...common,
  entryPoints: { server: 'src/server.ts', backup: 'src/backup/cli.ts', import: 'src/modules/imports/cli.ts' },
});
await build({
  ...common,
  // Run in worker threads by modules/files/document-jobs.ts, found beside server.js; split so that a job
  // loads only its kind's code (dist/document-worker/ holds the parts).
  entryPoints: { 'document.worker': 'src/document.worker.ts' },
  splitting: true,
  chunkNames: 'document-worker/[name]-[hash]',
});
