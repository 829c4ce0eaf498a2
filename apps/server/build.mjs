// Bundles the server (and the shared package it imports) into dist/server.js; dependencies stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
