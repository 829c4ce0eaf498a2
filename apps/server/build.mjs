// Bundles the server (and the shared package it imports) into dist/server.js, the backup and import
// commands into dist/backup.js and dist/import.js, and the document pool's worker into
// dist/document.worker.js (split per kind of job, with its libraries inside); the server's and the
// commands' dependencies stay external. The API tests' global
// setup makes the same bundle, without source maps, for the stores and commands they start.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bundles the store into `outdir` (relative to this folder, or absolute).
 * @param {string} outdir
 * @param {{ sourcemap?: boolean }} [options]
 */
export async function buildStore(outdir, { sourcemap = false } = {}) {
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    absWorkingDir: here,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    packages: 'external',
    // The shared workspace package is TypeScript source: bundle it rather than import it at run time.
    alias: { '@ebook/shared': path.join(here, '../../packages/shared/src/index.ts') },
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: { server: 'src/server.ts', backup: 'src/backup/cli.ts', import: 'src/modules/imports/cli.ts' },
  });
  // A worker's parts are named by their content's hash: the last build's would stay beside the new ones.
  rmSync(path.resolve(here, outdir, 'document-worker'), { recursive: true, force: true });
  await build({
    ...common,
    // Run in worker threads by modules/files/document-jobs.ts, found beside server.js; split so that a job
    // loads only its kind's code (document-worker/ holds the parts).
    entryPoints: { 'document.worker': 'src/document.worker.ts' },
    splitting: true,
    chunkNames: 'document-worker/[name]-[hash]',
    // Every job starts a fresh worker: with its libraries (pdf-lib's hundreds of files above all) in the
    // bundle, a worker reads a few files instead of resolving, reading and compiling hundreds. sql.js
    // stays outside: it finds its WebAssembly beside its own files. The bundled CommonJS libraries
    // require Node's modules through a `require` of the worker's own.
    packages: undefined,
    external: ['sql.js'],
    banner: {
      js: "import { createRequire as __workerRequire } from 'node:module'; const require = __workerRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildStore('dist', { sourcemap: true });
