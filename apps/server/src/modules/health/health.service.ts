import type { AppContext } from '../../context.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';
import { workerStartReason } from '../../ops/worker-start.ts';
import { errorSummary } from '../../plugins/dependency-errors.ts';

/** /readyz answers within this, whatever the database does (a load balancer's probe must not hang). */
export const READINESS_BUDGET_MS = 1500;

export type RedisState = 'ok' | 'degraded' | 'off';
export type Readiness =
  | { ready: true; migrations: number; redis: RedisState }
  | {
      ready: false;
      /** Public: what is not ready, by error code (`database: ECONNREFUSED; workers: starting (…)`). */
      reason: string;
      /** For the log only: the database's error as it was thrown. */
      err?: unknown;
      redis: RedisState;
    };

/**
 * Ready = the database answers, every committed migration is applied and, in a process with the worker role,
 * no start of the workers has failed without one succeeding since (main.ts retries it: issue 27 item 7). Redis is reported, not required: while it is
 * down the limits count in this process (`degraded`).
 */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const [db, redis] = await Promise.all([withinBudget(checkDatabase(ctx)), checkRedis(ctx)]);
  const workers = ctx.workerStart ? workerStartReason(ctx.workerStart, Date.now()) : null;
  if (db.ok && !workers) return { ready: true, migrations: db.migrations, redis };
  const reasons = [db.ok ? null : db.reason, workers].filter((r): r is string => r !== null);
  return { ready: false, reason: reasons.join('; '), ...(db.ok ? {} : { err: db.err }), redis };
}

type DbCheck = { ok: true; migrations: number } | { ok: false; reason: string; err?: unknown };

async function checkDatabase(ctx: AppContext): Promise<DbCheck> {
  try {
    await ctx.db.query('SELECT 1');
    const applied = await appliedMigrationCount(ctx.db);
    const expected = expectedMigrationCount();
    if (applied < expected) return { ok: false, reason: `migrations ${applied}/${expected}` };
    return { ok: true, migrations: applied };
  } catch (err) {
    return { ok: false, reason: `database: ${errorSummary(err)}`, err };
  }
}

async function withinBudget(check: Promise<DbCheck>): Promise<DbCheck> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DbCheck>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `database: no answer within ${READINESS_BUDGET_MS} ms` }),
      READINESS_BUDGET_MS,
    );
  });
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkRedis(ctx: AppContext): Promise<RedisState> {
  if (!ctx.redis) return 'off';
  return (await ctx.redis.ping()) ? 'ok' : 'degraded';
}
