/**
 * A worker is started for every document job (document-jobs.ts), so whatever its code imports is
 * loaded for every upload, sample and sold copy: the readers of documents, never the database, the
 * server, validation or the image library (each of those costs tens of milliseconds of CPU a start).
 */
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';

it('imports the readers of documents and nothing of the store', () => {
  const bundle = readFileSync(inject('documentWorkerBundle'), 'utf8');
  const imported = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)]
    .map((match) => match[1] ?? match[2]!)
    .filter((name) => !name.startsWith('node:'));
  expect([...new Set(imported)].sort()).toEqual(['fast-xml-parser', 'pdf-lib', 'sql.js', 'yauzl', 'yazl']);
});
