import { readFileSync } from 'node:fs';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.ts';
import { seedReferenceData } from './seed/seed.ts';

export const MIGRATIONS_FOLDER = new URL('./migrations', import.meta.url).pathname;
/** Arbitrary constant: every Dossier process takes this advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 4_242_001;

export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Applies the committed drizzle-kit migrations, then upserts the reference data. On PostgreSQL two
 * processes starting together serialise on an advisory lock held on one dedicated session; the second
 * finds nothing left to do. (PGlite is single-process: its data directory is locked in client.ts.)
 */
export async function migrateAndSeed(database: Database): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const run = async () => {
    // Drizzle's dialect migrator is what the per-driver migrate() helpers call; using it directly keeps
    // one code path for PGlite and node-postgres.
    const db = database.db as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await db.dialect.migrate(migrations, db.session, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedReferenceData(database.db);
  };
  if (database.kind === 'pglite') return run();
  await withAdvisoryLock(database, run);
}

async function withAdvisoryLock(database: Database, fn: () => Promise<void>): Promise<void> {
  const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await fn();
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    conn.release();
  }
}

/** Number of migrations recorded as applied (0 when the bookkeeping table does not exist yet). */
export async function appliedMigrationCount(database: Database): Promise<number> {
  const r = await database.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'`,
  );
  if (Number(r.rows[0]?.n ?? 0) === 0) return 0;
  const c = await database.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
  );
  return Number(c.rows[0]?.n ?? 0);
}
