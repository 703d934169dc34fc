import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { makePrivate } from '../ops/private-files.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DEFAULT_PG_TIMEOUTS, dropOnReadTimeout, type PgTimeouts, pgTimeoutOptions } from './pg-timeouts.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Drizzle database: the same type whether PGlite or node-postgres is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlResult<T = Record<string, unknown>> {
  rows: T[];
}

/**
 * The database handle the app holds: Drizzle for queries, `query` for the few raw statements
 * (health, locks, pg-boss), and `close`.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<T>>;
  /** Runs one or more statements without parameters; answers the last statement's rows. */
  exec<T = Record<string, unknown>>(text: string): Promise<SqlResult<T>>;
  close(): Promise<void>;
  /** The underlying PGlite instance (embedded only) — for dumps in tests. */
  pglite?: PGlite;
}

/**
 * PGlite's defaults size shared buffers for a server (128 MB); an embedded single-user store needs far
 * less, and this is most of its resident memory. See docs/decisions/0001-foundation.md.
 */
export const PGLITE_CONF = [
  'shared_buffers=16MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
  'wal_buffers=1MB',
];

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: bounds on connecting, statements and idle transactions (DATABASE_*_TIMEOUT_MS). */
  timeouts?: PgTimeouts | undefined;
  /** PGlite data directory; ignored when databaseUrl is set. `undefined` + no url = in-memory. */
  pgliteDir?: string | undefined;
  /** Start PGlite from a dump (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  poolMax?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, opts.poolMax ?? 10, opts.timeouts ?? DEFAULT_PG_TIMEOUTS);
  }
  return openPglite(opts.pgliteDir, opts.loadDataDir);
}

async function openPostgres(url: string, max: number, timeouts: PgTimeouts): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'dossier',
    ...pgTimeoutOptions(timeouts),
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', dropOnReadTimeout);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params?: unknown[]) {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows as T[] };
    },
    async exec<T>(text: string) {
      const r = (await pool.query(text)) as unknown as import('pg').QueryResult | import('pg').QueryResult[];
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: (last?.rows ?? []) as T[] };
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const releaseLock = dir ? lockDataDir(dir) : () => {};
  if (dir && !existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    await initPgliteInChild(dir).catch((e: unknown) => {
      releaseLock();
      throw e;
    });
  }
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    postgresqlconf: PGLITE_CONF,
  });
  await client.waitReady;
  // PGlite's files are 0666 from a new cluster and 0644 from some writes, whatever the umask: private again
  // (issue 27 item 4; files Postgres itself creates later are 0600, and a recycled WAL segment keeps its mode).
  if (dir) await makePrivate(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query<T>(text: string, params?: unknown[]) {
      const r = await client.query<T>(text, params as unknown[]);
      return { rows: r.rows };
    },
    async exec<T>(text: string) {
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as T[] };
    },
    async close() {
      await client.close();
      // Closing writes the statistics file (0644).
      if (dir) await makePrivate(dir);
      releaseLock();
    },
  };
}

/**
 * initdb inside PGlite peaks near 800 MB; running it in a short-lived child process gives that memory
 * back to the system, so the serving process stays small (bench:startup measures it).
 */
async function initPgliteInChild(dir: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const script = new URL('./pglite-init.mjs', import.meta.url).pathname;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite init failed (${code}): ${err.slice(-2000)}`)),
    );
  });
}
