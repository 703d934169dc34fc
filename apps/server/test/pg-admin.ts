import { type Database, openDatabase } from '../src/db/client.ts';
import { DEFAULT_PG_TIMEOUTS } from '../src/db/pg-timeouts.ts';

/**
 * A connection for the tests' own set-up on PostgreSQL (CREATE DATABASE … TEMPLATE, DROP DATABASE … WITH (FORCE)),
 * not the server under test: those wait for a checkpoint, which on the loaded 2-core machine took longer than the
 * server's 15 s statement bound (CI: "canceling statement due to statement timeout" in a drop). Two minutes.
 */
export function openAdminDatabase(databaseUrl: string): Promise<Database> {
  return openDatabase({
    databaseUrl,
    poolMax: 1,
    timeouts: { ...DEFAULT_PG_TIMEOUTS, statementTimeoutMs: 120_000 },
  });
}
