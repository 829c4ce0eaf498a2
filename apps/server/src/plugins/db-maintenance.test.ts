/**
 * After a bulk load nobody runs VACUUM ANALYZE by hand: the server refreshes the statistics and the
 * visibility map itself, shortly after the next write (PGlite has no autovacuum; on PostgreSQL the
 * same pass covers a server with autovacuum off).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { waitFor } from '../test/wait-for.js';
import { createMember } from '../test/factories.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

async function plan(query: string): Promise<PlanNode[]> {
  const result = (await ctx.app.db.execute<Record<string, unknown>>(
    sql.raw(`explain (analyze, format json) ${query}`),
  )) as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const raw = result.rows[0]!['QUERY PLAN'];
  const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(root[0].Plan);
  return nodes;
}

const PAGE_KEYS = `select created_at, id from books where status in ('added', 'approved') order by created_at desc, id desc`;

async function plannedRows(): Promise<number> {
  const result = (await ctx.app.db.execute<Record<string, unknown>>(
    sql`select reltuples::float8 as "rows" from pg_class where oid = 'books'::regclass`,
  )) as { rows: { rows: number }[] };
  return result.rows[0]!.rows;
}

describe('table maintenance after a bulk load', () => {
  it('refreshes statistics and the visibility map with nothing run by hand', async () => {
    await ctx.app.db.execute(sql`
      insert into books (id, title, author, category, price_cents, story, description, status, created_at)
      select gen_random_uuid(), 'Bulk Title ' || g, 'Bulk Author ' || (g % 97), 'History', 499, 'Story.', 'Text.',
             'added', now() - g * interval '1 minute'
      from generate_series(1, 3000) as g`);
    // Straight after the load the planner still believes the table nearly empty: it reads every row
    // and sorts them, instead of walking the index in order.
    const before = await plan(PAGE_KEYS);
    expect(before.some((node) => node['Node Type'] === 'Sort')).toBe(true);

    // An ordinary write through the API; the server's debounced pass follows it.
    await createMember(ctx.app);
    await waitFor(plannedRows, (rows) => rows >= 3_000, { intervalMs: 250 });
    expect(await plannedRows()).toBeGreaterThanOrEqual(3_000);

    // Now the rows come in index order, from the index alone (the visibility map is set).
    const after = await plan(PAGE_KEYS);
    expect(after.some((node) => node['Node Type'] === 'Sort')).toBe(false);
    expect(after.find((node) => node['Node Type'] === 'Index Only Scan')?.['Heap Fetches']).toBe(0);
    const search = await plan(
      `select id from books where status in ('added', 'approved') and search_vector @@ to_tsquery('english', 'author & 42')`,
    );
    expect(search.some((node) => node['Index Name'] === 'books_search_idx')).toBe(true);
  }, 180_000);

  it('has nothing left to do once the tables are fresh', async () => {
    expect(await ctx.app.dbMaintenance.runOnce()).toEqual({ analyzed: [], vacuumed: [] });
  });
});
