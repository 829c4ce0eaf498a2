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

/** The packages a bundled file loads with it, through the chunks it imports. */
function packagesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
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
