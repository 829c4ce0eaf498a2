/**
 * A throwaway PostgreSQL cluster of our own (initdb + pg_ctl in a temporary folder, on its own port),
 * so the chaos trials can restart PostgreSQL without touching any server someone else uses. As root,
 * the PostgreSQL tools run as the `postgres` user (initdb refuses root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  return ''; // rely on PATH
}

export function postgresToolsAvailable(): boolean {
  try {
    execFileSync(path.join(binDir(), 'pg_ctl'), ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export class PgCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly asUser: { uid: number; gid: number } | undefined,
  ) {}

  get dataDir(): string {
    return path.join(this.dir, 'pgdata');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async create(port: number): Promise<PgCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), 'ebook-chaos-pg-'));
    let asUser: { uid: number; gid: number } | undefined;
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
      asUser = { uid, gid };
    }
    const cluster = new PgCluster(dir, port, binDir(), asUser);
    cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    process.once('exit', () => cluster.stopNow());
    cluster.start();
    return cluster;
  }

  start(): void {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
      '-w',
      'start',
    ]);
  }

  /** Stops in immediate mode: every backend killed, no checkpoint (a crash). */
  stop(): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  /** Stops in immediate mode (every backend killed, no checkpoint: a crash) and starts again. */
  async restart(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'restart']);
  }

  /** For an exiting process: stop (synchronously) and remove, quietly. */
  stopNow(): void {
    if (!existsSync(this.dir)) return;
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  async destroy(): Promise<void> {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private run(tool: string, args: string[]): void {
    execFileSync(path.join(this.bin, tool), args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      uid: this.asUser?.uid,
      gid: this.asUser?.gid,
      cwd: this.dir,
    });
  }
}
