import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-db-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('belongs to one process at a time, and is free again once closed', async () => {
    const dbDir = path.join(dataDir, 'db');
    const first = await openDatabase({ dataDir: dbDir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written by the first')`);

    await expect(openDatabase({ dataDir: dbDir })).rejects.toThrow(
      /Another store process is using the embedded database in .*db \(it allows one process\)/,
    );

    await first.close();
    const second = await openDatabase({ dataDir: dbDir });
    const { rows } = (await second.db.execute<Record<string, unknown>>(sql`select value from kept`)) as {
      rows: { value: string }[];
    };
    expect(rows).toEqual([{ value: 'written by the first' }]);
    await second.close();
  }, 180_000);
});
