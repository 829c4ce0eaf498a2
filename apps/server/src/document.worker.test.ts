/**
 * A worker is started for every document job (document-jobs.ts), so whatever its code imports is
 * loaded for every upload, sample and sold copy: the readers of documents, never the database, the
 * server, validation or the image library (each of those costs tens of milliseconds of CPU a start);
 * and of those, only the ones its kind of job needs (pdf-lib alone costs about 200 ms).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';

const entry = inject('documentWorkerBundle');

/** A bundled file's imports: `static` (loaded with it) and `dynamic` (loaded by `import()`). */
function importsOf(file: string) {
  const code = readFileSync(file, 'utf8');
  const names = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1] ?? match[2]!);
  return {
    static: names(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm),
    dynamic: names(/\bimport\("([^"]+)"\)/g),
  };
}

/** The store's own dependencies (what it imports by name; their own dependencies are theirs). */
const dependencies = new Set(
  Object.keys(
    (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: object })
      .dependencies,
  ),
);

/**
 * The store's dependencies whose code a bundled file holds: esbuild heads each module it bundles with a
 * comment naming its path (`// ../../node_modules/pdf-lib/cjs/api/PDFDocument.js`).
 */
function bundledPackages(code: string): string[] {
  return [...code.matchAll(/^\/\/ \S*node_modules\/(?:.*node_modules\/)?((?:@[^/\s]+\/)?[^/\s]+)\//gm)]
    .map((match) => match[1]!)
    .filter((name) => dependencies.has(name));
}

/** The packages a bundled file loads with it, through the chunks it imports, or holds. */
function packagesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  bundledPackages(readFileSync(file, 'utf8')).forEach((name) => packages.add(name));
  for (const name of importsOf(file).static) {
    if (name.startsWith('.'))
      packagesLoadedBy(path.resolve(path.dirname(file), name), seen).forEach((p) => packages.add(p));
    else if (!name.startsWith('node:')) packages.add(name);
  }
  return packages;
}

/** What each kind of job loads: the worker's own start, then the kind's code (named by its file). */
function loadedByKind(): Record<string, string[]> {
  const kinds: Record<string, string[]> = { start: [...packagesLoadedBy(entry)].sort() };
  for (const part of new Set(importsOf(entry).dynamic)) {
    const file = path.resolve(path.dirname(entry), part);
    kinds[path.basename(file).replace(/-[A-Z0-9]+\.js$/, '')] = [...packagesLoadedBy(file)].sort();
  }
  return kinds;
}

it('imports the readers of documents and nothing of the store, each kind of job only its own', () => {
  expect(loadedByKind()).toEqual({
    start: [],
    'inspect-pdf': ['pdf-lib'],
    'cut-sample': ['pdf-lib'],
    'stamp-pdf': ['pdf-lib'],
    'inspect-epub': ['fast-xml-parser', 'yauzl', 'yazl'],
    'cut-epub-sample': ['fast-xml-parser', 'yauzl', 'yazl'],
    'stamp-epub': ['fast-xml-parser', 'yauzl', 'yazl'],
    'calibre-db': ['sql.js'],
  });
});
