/**
 * Keeps this app's in-memory catalogue index (catalogue-index.ts) equal to the database, the truth:
 * - built from the public books at start (in the background: searches use the database meanwhile);
 * - before a search answers from it, one short query asks whether book_changes (a trigger's log of
 *   every change to books, by any copy or script) holds rows this index has not applied; searches
 *   waiting at the same moment share that query. New changes are applied first (the changed books are
 *   reloaded by id); a burst of more than REBUILD_AFTER sends searches to the database while the index
 *   is rebuilt.
 * So a search never answers from an index older than the writes committed before it arrived, on this
 * copy or another.
 *
 * A change row can commit after one with a higher number (two transactions), so rows are read from a
 * floor that trails the newest applied one by LATE_COMMIT_MS, and the ones already applied are skipped.
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { publicStatus } from './books.policy.js';
import { CatalogueIndex, type IndexedBook } from './catalogue-index.js';

const REBUILD_AFTER = 5_000;
const LATE_COMMIT_MS = 10_000;
const BUILD_BATCH = 10_000;
/** Books indexed between two turns of the event loop while building. */
const YIELD_EVERY = 2_000;
const PRUNE_EVERY_MS = 10 * 60_000;

const isPublic = publicStatus(books.status);

const indexedColumns = {
  id: books.id,
  createdAt: sql<number>`(extract(epoch from ${books.createdAt}) * 1000)::float8`,
  priceCents: books.priceCents,
  category: books.category,
  title: books.title,
  author: books.author,
  tags: sql<string>`coalesce(${books.meta}->>'tags', '')`,
  titleKey: sql<string>`coalesce(${books.titleKey}, '')`,
  reviewCount: books.reviewCount,
  ratingTotal: books.ratingTotal,
  vector: sql<string>`coalesce(${books.searchVector}::text, '')`,
};

export interface IndexFigures {
  books: number;
  buildMs: number;
}

export class CatalogueIndexKeeper {
  private index: CatalogueIndex | undefined;
  private building: Promise<void> | undefined;
  private applied = new Set<number>();
  private floor = 0;
  private checkpoints: { at: number; seq: number }[] = [];
  private running: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  private closed = false;
  private lastPrune = Date.now();
  figures: IndexFigures | undefined;
  /** Searches answered by the index and by the database (built, or not current). */
  readonly answered = { index: 0, database: 0 };

  constructor(
    private readonly db: Executor,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {}

  private onError(error: unknown): void {
    this.log.error({ err: error }, 'catalogue index: searches use the database');
  }

  /** Builds the index (again); searches use the database until it is done. */
  rebuild(): Promise<void> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  /** Resolves once the index is built and current (tests, the bench). */
  async whenReady(): Promise<void> {
    while (!this.closed) {
      if (this.building) await this.building;
      if (this.index && (await this.current())) return;
      if (!this.building) await this.rebuild();
    }
  }

  /** Starts a build unless one is under way; a failure is logged, and the next search starts another. */
  start(): void {
    if (this.building || this.closed) return;
    this.rebuild().catch((error: unknown) => this.onError(error));
  }

  close(): void {
    this.closed = true;
    this.index = undefined;
  }

  /** The index, current as of this call; undefined while it builds (the caller asks the database). */
  async current(): Promise<CatalogueIndex | undefined> {
    if (this.closed) return undefined;
    if (!this.index) {
      this.start();
      this.answered.database += 1;
      return undefined;
    }
    // A check already under way may have read the log before this request's writes: wait for the next.
    const fresh = await this.nextCheck();
    this.answered[fresh && this.index ? 'index' : 'database'] += 1;
    return fresh ? this.index : undefined;
  }

  private nextCheck(): Promise<boolean> {
    if (!this.running) {
      this.running = this.check().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => false)
      .then(() => {
        this.queued = undefined;
        return this.nextCheck();
      });
    return this.queued;
  }

  /** Applies the changes not yet applied; false when the index cannot answer (rebuilding, failure). */
  private async check(): Promise<boolean> {
    const index = this.index;
    if (!index) return false;
    try {
      const pending = (await this.db.execute<Record<string, unknown>>(
        sql`select count(*)::int as "count" from book_changes where seq > ${this.floor}`,
      )) as { rows: { count: number }[] };
      if (pending.rows[0]!.count === this.applied.size) return true;
      const changes = (await this.db.execute<Record<string, unknown>>(
        sql`select seq::float8 as "seq", book_id as "bookId" from book_changes where seq > ${this.floor} order by seq`,
      )) as { rows: { seq: number; bookId: string }[] };
      const fresh = changes.rows.filter((change) => !this.applied.has(change.seq));
      const ids = [...new Set(fresh.map((change) => change.bookId))];
      if (ids.length > REBUILD_AFTER || index.worn) {
        this.start();
        return false;
      }
      for (let at = 0; at < ids.length; at += 1_000) {
        const batch = ids.slice(at, at + 1_000);
        const rows = await this.readBooks(inArray(books.id, batch));
        const present = new Set(rows.map((row) => row.id));
        for (const id of batch) if (!present.has(id)) index.remove(id);
        for (const row of rows) index.put(row);
      }
      if (this.index !== index) return false;
      for (const change of fresh) this.applied.add(change.seq);
      this.advanceFloor(fresh.at(-1)?.seq);
      await this.prune();
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  /** Forgets applied rows older than LATE_COMMIT_MS: the floor moves up to them. */
  private advanceFloor(newest: number | undefined): void {
    const now = Date.now();
    if (newest !== undefined) this.checkpoints.push({ at: now, seq: newest });
    while (this.checkpoints.length > 0 && this.checkpoints[0]!.at < now - LATE_COMMIT_MS) {
      this.floor = Math.max(this.floor, this.checkpoints.shift()!.seq);
    }
    for (const seq of this.applied) if (seq <= this.floor) this.applied.delete(seq);
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`delete from book_changes where changed_at < now() - interval '1 hour'`);
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const newest = (await this.db.execute<Record<string, unknown>>(
      sql`select coalesce(max(seq), 0)::float8 as "seq" from book_changes`,
    )) as { rows: { seq: number }[] };
    const index = new CatalogueIndex();
    // The next batch is asked for before this one is indexed, so the database reads it meanwhile.
    const read = (after: string | undefined) => {
      const rows = this.readBooks(after === undefined ? undefined : sql`${books.id} > ${after}`, BUILD_BATCH);
      rows.catch(() => undefined);
      return rows;
    };
    let next = read(undefined);
    for (;;) {
      const rows = await next;
      const more = rows.length === BUILD_BATCH && !this.closed;
      if (more) next = read(rows.at(-1)!.id);
      for (let at = 0; at < rows.length; at += 1) {
        index.put(rows[at]!);
        // Requests are answered between slices (PGlite shares this thread with the whole app).
        if (at % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      if (!more || this.closed) break;
    }
    index.settle();
    if (this.closed) return;
    this.applied = new Set();
    this.checkpoints = [];
    this.floor = newest.rows[0]!.seq;
    this.index = index;
    this.figures = { books: index.size, buildMs: Math.round(performance.now() - started) };
    this.log.info(this.figures, 'catalogue index built');
  }

  private async readBooks(condition: SQL | undefined, limit?: number): Promise<IndexedBook[]> {
    const query = this.db.select(indexedColumns).from(books).where(and(isPublic, condition)).orderBy(books.id);
    return limit === undefined ? query : query.limit(limit);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue index's keeper; undefined when SEARCH_INDEX=database. */
    catalogueIndex: CatalogueIndexKeeper | undefined;
  }
}

/** Decorates the app with its own index, built once the app is ready and dropped when it closes. */
export default fp(
  async (app) => {
    const keeper = app.config.SEARCH_INDEX === 'memory' ? new CatalogueIndexKeeper(app.db, app.log) : undefined;
    app.decorate('catalogueIndex', keeper);
    app.addHook('onReady', async () => {
      keeper?.start();
    });
    app.addHook('onClose', async () => {
      keeper?.close();
    });
  },
  { name: 'catalogue-index', dependencies: ['caches'] },
);
