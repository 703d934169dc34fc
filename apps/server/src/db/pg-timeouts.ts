import type { PoolClient, PoolConfig } from 'pg';

/** Bounds on every PostgreSQL call (config: DATABASE_*_TIMEOUT_MS). */
export interface PgTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_PG_TIMEOUTS: PgTimeouts = {
  connectTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

/** The client gives up this long after the server should have cancelled a statement itself. */
const CLIENT_GRACE_MS = 1000;

/**
 * node-postgres options: the server cancels long statements and idle transactions; the client also stops
 * waiting (query_timeout), because a database that does not answer at all never sends its cancellation.
 */
export function pgTimeoutOptions(t: PgTimeouts): PoolConfig {
  return {
    connectionTimeoutMillis: t.connectTimeoutMs,
    statement_timeout: t.statementTimeoutMs,
    idle_in_transaction_session_timeout: t.idleInTransactionTimeoutMs,
    query_timeout: t.statementTimeoutMs + CLIENT_GRACE_MS,
    keepAlive: true,
  };
}

const isReadTimeout = (err: unknown) => err instanceof Error && err.message === 'Query read timeout';

/**
 * A connection whose statement timed out on the client side still has that statement in flight; handed back
 * to the pool, it would make the next request wait behind it. Closing its socket makes the pool discard it.
 * Installed on every new connection (`pool.on('connect')`).
 */
export function dropOnReadTimeout(client: PoolClient): void {
  // The socket errors once closed; queries already get the error, the process must not crash on the event.
  client.on('error', () => {});
  const drop = () =>
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (isReadTimeout(err)) drop();
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isReadTimeout(err)) drop();
      });
    }
    return result;
  };
}
