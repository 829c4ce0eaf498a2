import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's root folder, found from this file in the sources or in the built bundle. */
export function serverPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Server package root (with its drizzle/ folder) not found');
}
