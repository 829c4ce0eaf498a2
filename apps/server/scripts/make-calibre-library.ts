/**
 * Makes a real calibre library with Debian's calibre (calibredb), for tests, browser tests and the
 * import bench: `count` books with the real titles, authors and categories of the Amazon catalogue
 * (test/fixtures/amazon-book30-600.csv, repeated with a volume number past its 369 plain titles),
 * half PDF and half EPUB, each with its cover; the first book gets tags, ISBN, comments, a series and
 * a MOBI-like extra format (notes.txt) to be listed as skipped.
 *
 *   npx tsx apps/server/scripts/make-calibre-library.ts <dir> <count> [--zip <file.zip>]
 *
 * The library is <dir>/library; with --zip it is also zipped (the folder "library" at the root).
 */
import { createWriteStream, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import yazl from 'yazl';
import { amazonBooks, buildLibrary, calibredb } from '../src/test/calibre.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { zip: { type: 'string' } } });
const [dir, countText] = positionals;
if (!dir || !countText) {
  console.error('usage: make-calibre-library.ts <dir> <count> [--zip <file.zip>]');
  process.exit(2);
}
const count = Number(countText);
const plain = amazonBooks(369);
const list = Array.from({ length: count }, (_, index) => {
  const book = plain[index % plain.length]!;
  const round = Math.floor(index / plain.length);
  return round === 0 ? book : { ...book, title: `${book.title}, Volume ${round + 1}`, isbn: `${book.isbn}-${round}` };
});
const started = Date.now();
const library = await buildLibrary(path.resolve(dir), list);
const { stdout } = await calibredb(library, [
  'list',
  '--fields',
  'title',
  '--for-machine',
  '--limit',
  '1',
  '--sort-by',
  'id',
  '--ascending',
]);
const [first] = JSON.parse(stdout) as { id: number }[];
await calibredb(library, [
  'set_metadata',
  String(first!.id),
  '--field',
  `tags:${list[0]!.category},calibre`,
  '--field',
  'comments:<p>Imported from <b>calibre</b>.</p>',
  '--field',
  'series:Demo Shelf',
  '--field',
  'series_index:1',
]);
const notes = path.join(dir, 'notes.txt');
writeFileSync(notes, 'Reading notes.\n');
await calibredb(library, ['add_format', String(first!.id), notes]);
console.log(`${count} books in ${library} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

if (values.zip) {
  const zip = new yazl.ZipFile();
  const add = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) add(full, `${prefix}${name}/`);
      else zip.addFile(full, `${prefix}${name}`, { mtime: new Date(2026, 0, 1) });
    }
  };
  add(library, 'library/');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(values.zip));
  console.log(`zipped to ${values.zip}`);
}
