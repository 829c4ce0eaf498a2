/**
 * The Drizzle schema (what the code believes) and the committed migrations (what the database gets)
 * describe the same tables: the schema is turned into DDL by drizzle-kit on one empty database, the
 * migrations are run on another, and their tables, columns, indexes and constraints are compared.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import * as schema from './schema/index.js';

const CATALOGUE = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable ||
         coalesce(' default ' || column_default, '') || coalesce(' generated ' || generation_expression, '') as line
  from information_schema.columns where table_schema = 'public'
  union all
  select 'index ' || tablename || ' ' || regexp_replace(indexdef, '^CREATE (UNIQUE )?INDEX \\S+ ON ', 'CREATE \\1INDEX ON ')
  from pg_indexes where schemaname = 'public'
  union all
  select 'constraint ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)
  from pg_constraint where connamespace = 'public'::regnamespace
  order by 1`;

async function catalogue(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<string[]> {
  return ((await query(CATALOGUE)).rows as { line: string }[]).map((row) => row.line);
}

describe('the Drizzle schema and the migrations', () => {
  it('describe the same tables, columns, indexes and constraints', async () => {
    const fromSchema = new PGlite({ extensions: { pg_trgm } });
    await fromSchema.exec('create extension if not exists pg_trgm');
    const empty = generateDrizzleJson({}, undefined, undefined, 'snake_case');
    const current = generateDrizzleJson(schema, empty.id, undefined, 'snake_case');
    for (const statement of await generateMigration(empty, current)) await fromSchema.exec(statement);

    const fromMigrations = await openDatabase({});
    try {
      const expected = await catalogue((text) => fromSchema.query(text));
      const actual = await catalogue(
        async (text) => (await fromMigrations.db.execute<Record<string, unknown>>(text)) as { rows: unknown[] },
      );
      expect(actual).toEqual(expected);
    } finally {
      await fromMigrations.close();
      await fromSchema.close();
    }
  }, 300_000);
});
