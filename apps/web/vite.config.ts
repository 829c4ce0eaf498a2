import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { transformWithOxc, type Plugin, type Rollup } from 'vite';
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

/**
 * The pages index.html paints before the app has started, and whose scripts src/first-paint.ts
 * fetches beside the app's: an address (`/book/` for every book) and the module of its route
 * (src/app/router.tsx).
 */
const FIRST_PAINT_ROUTES: Record<string, string> = {
  '/': 'src/app/routes/public/home.tsx',
  '/library': 'src/app/routes/public/library.tsx',
  '/book/': 'src/app/routes/public/book.tsx',
};

/**
 * src/first-paint.ts as a small classic script, render-blocking in <head> before anything else. The
 * build writes it (`assets/first-paint-<hash>.js`) with, for each page of FIRST_PAINT_ROUTES, the
 * script files its route imports beyond the app's, and the app's own scripts: Vite's entry script
 * and module preloads leave index.html for it to load. The dev server serves it with neither.
 */
function firstPaint(): Plugin {
  const root = path.dirname(new URL(import.meta.url).pathname);
  const script = async (routeScripts: Record<string, string[]>, app?: { scripts: string[] }) => {
    const source = (await readFile(path.join(root, 'src/first-paint.ts'), 'utf8'))
      .replace(/^\/\*\*[\s\S]*?\*\/\s*/, '')
      .replace(/^export /m, '');
    const { code } = await transformWithOxc(source, 'first-paint.ts', { lang: 'ts' });
    const call = [JSON.stringify(routeScripts), ...(app ? [JSON.stringify(app)] : [])].join(', ');
    return `${code}firstPaint(${call});\n`;
  };
  const tag = (src: string) => `<script src="${src}"></script>`;
  return {
    name: 'first-paint',
    // After Vite's own HTML plugin, which puts index.html in the bundle.
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use('/first-paint.js', (_req, res, next) => {
        script({}).then((code) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.end(code);
        }, next);
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) =>
        context.server ? html.replace('<title>', `${tag('/first-paint.js')}\n    <title>`) : html,
    },
    async generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (chunk: Rollup.OutputChunk, into = new Set<string>()): Set<string> => {
        if (!into.has(chunk.fileName)) {
          into.add(chunk.fileName);
          for (const name of chunk.imports) withImports(byName.get(name)!, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') throw new Error('first-paint: no entry chunk or index.html');
      const loaded = withImports(entry);
      const routeScripts: Record<string, string[]> = {};
      for (const [address, module] of Object.entries(FIRST_PAINT_ROUTES)) {
        const route = chunks.find((chunk) => chunk.facadeModuleId === path.join(root, module));
        if (!route) throw new Error(`first-paint: no chunk for ${module}`);
        routeScripts[address] = [...withImports(route)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
      }
      // The app's scripts leave index.html: the first-paint script loads them, the entry first.
      const appTags = [
        `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
        ...[...loaded]
          .filter((name) => name !== entry.fileName)
          .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
      ];
      let source = String(html.source);
      for (const appTag of appTags) {
        if (!source.includes(appTag)) throw new Error(`first-paint: no ${appTag} in index.html`);
        source = source.replace(new RegExp(`\\s*${appTag.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`), '');
      }
      const code = await script(routeScripts, { scripts: [...loaded].map((name) => `/${name}`) });
      const fileName = `assets/first-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      html.source = source.replace('<title>', `${tag(`/${fileName}`)}\n    <title>`);
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

/**
 * react-router's package points every bundler at its development build (remix-run/react-router#12532);
 * the store's build takes the production one: the same code without its development warnings.
 */
function reactRouterProduction(command: string) {
  if (command !== 'build') return [];
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pdfjsStandardFonts(), firstPaint(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: new URL('./src', import.meta.url).pathname }, ...reactRouterProduction(command)],
  },
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
}));
