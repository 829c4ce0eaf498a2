/**
 * Checks EPUBs with Debian's epubcheck (the W3C's EPUB validator) and reads their metadata with
 * calibre's ebook-meta. Both are required, not optional: without them the tests fail with how to
 * install them (they never skip).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
export const EBOOK_META = '/usr/bin/ebook-meta';

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      if (error && code === -1) reject(new Error(`${command} did not run`, { cause: error }));
      else resolve({ stdout, stderr, code });
    });
  });
}

async function withFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epub-'));
  try {
    const file = path.join(dir, 'book.epub');
    writeFileSync(file, bytes);
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** epubcheck's errors and fatal errors for the EPUB (empty when it is valid). */
export async function epubcheckErrors(bytes: Uint8Array): Promise<string[]> {
  if (!existsSync(EPUBCHECK_JAR)) {
    throw new Error(`epubcheck is not installed at ${EPUBCHECK_JAR}: run \`apt-get install epubcheck\`.`);
  }
  return withFile(bytes, async (file) => {
    const { stdout, stderr, code } = await run('java', ['-jar', EPUBCHECK_JAR, file]);
    const lines = `${stdout}\n${stderr}`.split('\n');
    const errors = lines.filter((line) => /^(ERROR|FATAL)/.test(line));
    if (code !== 0 && errors.length === 0) throw new Error(`epubcheck failed:\n${stdout}\n${stderr}`);
    if (code === 0 && !/No errors or warnings detected|Check finished with warnings/.test(stdout + stderr)) {
      throw new Error(`epubcheck gave no verdict:\n${stdout}\n${stderr}`);
    }
    return errors;
  });
}

/** What calibre's ebook-meta reads of the EPUB: its "Field : value" lines. */
export async function ebookMeta(bytes: Uint8Array): Promise<Record<string, string>> {
  if (!existsSync(EBOOK_META))
    throw new Error(`calibre is not installed at ${EBOOK_META}: run \`apt-get install calibre\`.`);
  return withFile(bytes, async (file) => {
    const { stdout, code, stderr } = await run(EBOOK_META, [file]);
    if (code !== 0) throw new Error(`ebook-meta failed:\n${stderr}`);
    const fields: Record<string, string> = {};
    for (const line of stdout.split('\n')) {
      const match = /^([^:]+?)\s*:\s(.*)$/.exec(line);
      if (match) fields[match[1]!.trim()] = match[2]!.trim();
    }
    return fields;
  });
}
