/**
 * Validates XML documents with Debian's jing against the RELAX NG grammars in fixtures/opds/. jing is
 * required, not optional: without it the tests fail with how to install it (they never skip).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const JING = '/usr/bin/jing';
const GRAMMARS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'opds');

export type Grammar = 'opds_v1.1' | 'opensearch';

/**
 * Each document's validation errors (empty when valid), in one jing run for all of them (jing is a
 * Java program: a run costs about two seconds).
 */
export async function jingErrors(
  grammar: Grammar,
  documents: Record<string, string>,
): Promise<Record<string, string[]>> {
  if (!existsSync(JING)) {
    throw new Error(
      `jing is not installed at ${JING}: the OPDS tests validate every feed with it. Run \`apt-get install jing\`.`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'jing-'));
  try {
    const files = Object.entries(documents).map(([name, xml], index) => {
      const file = path.join(dir, `${index}.xml`);
      writeFileSync(file, xml);
      return { name, file };
    });
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        JING,
        ['-c', path.join(GRAMMARS, `${grammar}.rnc`), ...files.map((each) => each.file)],
        { timeout: 60_000 },
        (error, stdout) => {
          // jing exits 1 when a document is invalid and lists the errors on stdout.
          if (error && !stdout) reject(new Error('jing did not run', { cause: error }));
          else resolve(stdout);
        },
      );
    });
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const grammarErrors = lines.filter((line) => !files.some((each) => line.startsWith(each.file)));
    if (grammarErrors.length > 0) throw new Error(`jing could not validate:\n${grammarErrors.join('\n')}`);
    return Object.fromEntries(
      files.map(({ name, file }) => [name, lines.filter((line) => line.startsWith(`${file}:`))]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
