/**
 * Keeps the catalogue's tables fast after large changes, with nothing run by hand (docs/search.md).
 *
 * PGlite has no autovacuum, and a PostgreSQL may run with it off: after a bulk load or import the
 * planner would keep statistics from before it (a 10,000-book table planned as a tiny one) and
 * index-only scans would find no visibility map. So the server itself, at start-up, shortly after
 * writes (debounced) and every DB_MAINTENANCE_INTERVAL_SECONDS, reads the database's own write
 * counters (pg_stat_user_tables, which count every writer: this process, another copy, a script) and
 * runs ANALYZE on a table changed by more than a tenth since its last analysis, and VACUUM on one with
 * many rows added or dead since its last vacuum. With autovacuum on it rarely has anything left to do.
 * One pass at a time per process; a failed pass is logged and the next one tries again.
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    dbMaintenance: {
      /** One pass now (after the one under way, if any): what it analyzed and vacuumed. */
      runOnce(): Promise<MaintenanceReport>;
    };
  }
}

export interface MaintenanceReport {
  analyzed: string[];
  vacuumed: string[];
}

/** The tables searches, library pages and the shop's screens read. */
const TABLES = [
  'books',
  'search_words',
  'files',
  'users',
  'orders',
  'order_items',
  'refunds',
  'sales_daily',
  'sales_book_daily',
] as const;
/** A pass this long after the last write (writes in a burst share one pass). */
const DEBOUNCE_MS = 2_000;

interface TableStats {
  table: string;
  live: number;
  /** Rows at the last ANALYZE; -1 when never analyzed. */
  planned: number;
  changedSinceAnalyze: number;
  insertedSinceVacuum: number;
  dead: number;
}

/** PostgreSQL's own autovacuum rules (threshold + a share of the table), a little keener. */
const needsAnalyze = (t: TableStats) =>
  (t.planned < 0 && t.live > 0) || t.changedSinceAnalyze > 50 + 0.1 * Math.max(t.planned, 0);
const needsVacuum = (t: TableStats) =>
  t.insertedSinceVacuum > 1_000 + 0.2 * Math.max(t.planned, 0) || t.dead > 50 + 0.2 * Math.max(t.planned, 0);

export async function maintainTables(db: Executor): Promise<MaintenanceReport> {
  // This session's counters are published at once (others' within a second or at their next idle).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute<Record<string, unknown>>(sql`
    select s.relname as "table", s.n_live_tup::float8 as "live", c.reltuples::float8 as "planned",
           s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
           s.n_ins_since_vacuum::float8 as "insertedSinceVacuum", s.n_dead_tup::float8 as "dead"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and s.relname in (${sql.join(
      TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})`)) as { rows: TableStats[] };
  const report: MaintenanceReport = { analyzed: [], vacuumed: [] };
  for (const stats of result.rows) {
    const table = TABLES.find((name) => name === stats.table);
    if (!table) continue;
    if (needsVacuum(stats)) {
      await db.execute(sql.raw(`vacuum (analyze) "${table}"`));
      report.vacuumed.push(table);
      report.analyzed.push(table);
    } else if (needsAnalyze(stats)) {
      await db.execute(sql.raw(`analyze "${table}"`));
      report.analyzed.push(table);
    }
  }
  return report;
}

export default fp(
  async (app) => {
    const intervalMs = app.config.DB_MAINTENANCE_INTERVAL_SECONDS * 1000;
    let running: Promise<MaintenanceReport> | undefined;
    let closing = false;
    let timer: NodeJS.Timeout | undefined;
    let soon: NodeJS.Timeout | undefined;

    const runOnce = async (): Promise<MaintenanceReport> => {
      while (running) await running.catch(() => undefined);
      running = maintainTables(app.db).finally(() => {
        running = undefined;
      });
      return running;
    };
    const pass = () => {
      if (closing) return;
      runOnce()
        .then((report) => {
          if (report.analyzed.length > 0) app.log.info({ maintenance: report }, 'table statistics refreshed');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'table maintenance failed'));
    };
    app.decorate('dbMaintenance', { runOnce });
    if (intervalMs === 0) return;

    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400 || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        pass();
      }, DEBOUNCE_MS);
      soon.unref();
    });
    app.addHook('onReady', async () => {
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      clearTimeout(soon);
      await running?.catch(() => undefined);
    });
  },
  { name: 'db-maintenance', dependencies: ['db'] },
);
