import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * pdf.js's standard fonts (for PDFs that use the 14 standard fonts without embedding them), served
 * under /pdfjs/standard_fonts/ with their own names, as pdf.js asks for them by name. Without them
 * the browser waits for system fonts that may not exist before it draws the page.
 */
function pdfjsStandardFonts(): Plugin {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  );
  const names = readdirSync(dir).filter((name) => /\.(pfb|ttf)$/.test(name));
  return {
    name: 'pdfjs-standard-fonts',
    configureServer(server) {
      server.middlewares.use('/pdfjs/standard_fonts/', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '');
        if (!names.includes(name)) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.end(readFileSync(path.join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of names) {
        this.emitFile({
          type: 'asset',
          fileName: `pdfjs/standard_fonts/${name}`,
          source: readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}

/** Files worth compressing: text, and the reader's standard fonts. Source maps stay as they are. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|xml|webmanifest|pfb|ttf)$/;
/** Below this the headers outweigh the saving (the server's own threshold for API replies, too). */
const MIN_BYTES = 1024;

/**
 * Precompressed copies of the built files, written beside each (`x.js.br`, `x.js.gz`), for the
 * server to send as they are (@fastify/static `preCompressed`): brotli at its best quality and gzip
 * at level 9 cost seconds once at build, never per request. A copy no smaller than the file is not
 * written.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pdfjsStandardFonts(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { sourcemap: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default is one worker less than the cores: one, on a two-core machine.
    maxWorkers: 2,
    // Room for a machine busy with other work: a test that waits for a condition is bounded, not timed.
    testTimeout: 60_000,
  },
});
