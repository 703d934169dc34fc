import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export type Jobs = PgBoss;

/**
 * pg-boss over the app's own database handle, so PGlite (embedded) and PostgreSQL share one code path.
 * pg-boss sends multi-statement scripts without parameters (its schema and migrations): those go through
 * `exec` (PGlite's parameterised `query` takes one statement only).
 */
export function createQueue(database: Database, logger: FastifyBaseLogger, opts: { worker: boolean }): Jobs {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        values && values.length > 0 ? database.query(text, values) : database.exec(text),
    },
    schema: 'pgboss',
    // Only the worker role runs pg-boss's maintenance loop and cron; the API role only sends jobs.
    supervise: opts.worker,
    schedule: opts.worker,
  });
  boss.on('error', (err: Error) => logger.error({ err }, 'job queue error'));
  return boss;
}
