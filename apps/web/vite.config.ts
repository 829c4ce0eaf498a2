import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), pdfjsStandardFonts()],
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
