/**
 * Keeps this app's in-memory catalogue index (catalogue-index.ts) equal to the database, the truth:
 * - built from the public books at start (in the background: searches use the database meanwhile);
 * - book_changes (a trigger's log of every change to books, by any copy or script) holds the changes;
 *   a search first applies the ones this index has not (the changed books are reloaded by id) when the
 *   index is stale, and answers from memory with no database round trip otherwise. The index turns
 *   stale:
 *   - at once after this copy's own writes (they clear the catalogue caches, which tells the keeper):
 *     its next search sees them;
 *   - when the trigger's notice (channel `book_changes`, LISTEN on a connection of its own) arrives
 *     for another copy's or a script's write: within milliseconds;
 *   - while that connection is lost, on every search (as if nothing could be heard); where the
 *     database cannot notify, every POLL_MS;
 *   - and, as a safety net, when nothing was checked for QUIET_CHECK_MS.
 *   Searches waiting at the same moment share one check. A burst of more than REBUILD_AFTER changes
 *   sends searches to the database while the index is rebuilt.
 * So other copies' writes are seen within the same seconds as the caches' (docs/scaling.md), and this
 * copy's own at once.
 *
 * A change row can commit after one with a higher number (two transactions), so rows are read from a
 * floor that trails the newest applied one by LATE_COMMIT_MS, and the ones already applied are skipped.
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client.js';
import type { Listen } from '../../db/listen.js';
import { books } from '../../db/schema/index.js';
import { publicStatus } from './books.policy.js';
import { CatalogueIndex, type IndexedBook } from './catalogue-index.js';

const REBUILD_AFTER = 5_000;
const LATE_COMMIT_MS = 10_000;
const BUILD_BATCH = 10_000;
/** Books indexed between two turns of the event loop while building. */
const YIELD_EVERY = 2_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** The notification channel of the book_changes trigger (drizzle/0022_book_changes_notify.sql). */
const CHANNEL = 'book_changes';
/** With notices heard, a check anyway when none ran for this long (a notice lost in transit). */
const QUIET_CHECK_MS = 5_000;
/** Without notices at all (no LISTEN on this database), a check at most this often. */
const POLL_MS = 500;

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
  /** Writes may have happened since the last check began (own write, notice, failed check). */
  stale = true;
  private listening = false;
  private lastCheck = 0;
  private stopListening: (() => Promise<void>) | undefined;
  figures: IndexFigures | undefined;
  /** Searches answered by the index and by the database (built, or not current). */
  readonly answered = { index: 0, database: 0 };
  /** Freshness checks run (each one database round trip, more when changes are applied). */
  checks = 0;

  constructor(
    private readonly db: Executor,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly listen?: Listen,
  ) {}

  /** After a write to books (this copy's, or another's notice): the next search checks first. */
  markStale(): void {
    this.stale = true;
  }

  /** Listens for the trigger's notices until close(). */
  startListening(): void {
    if (!this.listen || this.stopListening || this.closed) return;
    this.stopListening = this.listen(CHANNEL, {
      notified: () => this.markStale(),
      listening: (on) => {
        this.listening = on;
        // Notices may have been missed while not listening.
        this.markStale();
        if (!on) this.log.info('catalogue index: not listening for changes, searches check each time');
      },
    });
  }

  private mustCheck(): boolean {
    if (this.stale) return true;
    const since = Date.now() - this.lastCheck;
    if (this.listening) return since >= QUIET_CHECK_MS;
    return this.listen ? true : since >= POLL_MS;
  }

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

  async close(): Promise<void> {
    this.closed = true;
    this.index = undefined;
    const stop = this.stopListening;
    this.stopListening = undefined;
    this.listening = false;
    await stop?.();
  }

  /** The index, current as of this call; undefined while it builds (the caller asks the database). */
  async current(): Promise<CatalogueIndex | undefined> {
    if (this.closed) return undefined;
    if (!this.index) {
      this.start();
      this.answered.database += 1;
      return undefined;
    }
    if (!this.mustCheck()) {
      this.answered.index += 1;
      return this.index;
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
    // Set before the read: a write noticed during this check makes the next search check again.
    this.stale = false;
    this.lastCheck = Date.now();
    this.checks += 1;
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
        this.stale = true;
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
      if (this.index !== index) {
        this.stale = true;
        return false;
      }
      for (const change of fresh) this.applied.add(change.seq);
      this.advanceFloor(fresh.at(-1)?.seq);
      await this.prune();
      return true;
    } catch (error) {
      this.stale = true;
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
    const keeper =
      app.config.SEARCH_INDEX === 'memory' ? new CatalogueIndexKeeper(app.db, app.log, app.database.listen) : undefined;
    app.decorate('catalogueIndex', keeper);
    // Every write to books through this copy clears the catalogue caches: its next search applies it.
    if (keeper) app.caches.clearListeners.add(() => keeper.markStale());
    app.addHook('onReady', async () => {
      keeper?.startListening();
      keeper?.start();
    });
    app.addHook('onClose', async () => {
      await keeper?.close();
    });
  },
  { name: 'catalogue-index', dependencies: ['caches', 'db'] },
);
