/**
 * Whether an error means a dependency (PostgreSQL, its pool, the network to it) is unavailable, as opposed to a
 * bug: answered 503 `service_unavailable` instead of 500 (issue 10, item 18). Walks the `cause` chain, since
 * Drizzle wraps driver errors.
 */

/**
 * SQLSTATE classes and codes of an unavailable or overloaded server, or a statement it cancelled for time; and of
 * a database that went away under the running server (issue 27 item 6): 3D000 its database was dropped, class 28
 * its role or password is gone, 57P05 an idle session ended by the server.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|28|57P0[1-5]$|57014$|25P03$|40001$|40P01$|3D000$)/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres, pg-pool and PGlite (an embedded database closed under the server) report these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
  'PGlite is closed',
];

export function isDependencyUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_NODE_CODES.has(code) || isSqlState(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.includes(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code);

/**
 * A short account of an error for a public answer (/readyz): its code (ECONNREFUSED, 3D000, …) or, for the
 * dependency messages above, the message; else its name. Never the message of an arbitrary error, which may
 * name hosts, databases or users (the whole error goes to the log).
 */
export function errorSummary(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[\w.-]{1,40}$/.test(code)) return code;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.includes(message)) return message;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.name : 'unknown error';
}
