import type { AppContext } from '../../context.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';

/** /readyz answers within this, whatever the database does (a load balancer's probe must not hang). */
export const READINESS_BUDGET_MS = 1500;

export type RedisState = 'ok' | 'degraded' | 'off';
export type Readiness =
  | { ready: true; migrations: number; redis: RedisState }
  | { ready: false; reason: string; redis: RedisState };

/**
 * Ready = the database answers and every committed migration is applied. Redis is reported, not required:
 * while it is down the limits count in this process (`degraded`).
 */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const [db, redis] = await Promise.all([withinBudget(checkDatabase(ctx)), checkRedis(ctx)]);
  return db.ok
    ? { ready: true, migrations: db.migrations, redis }
    : { ready: false, reason: db.reason, redis };
}

type DbCheck = { ok: true; migrations: number } | { ok: false; reason: string };

async function checkDatabase(ctx: AppContext): Promise<DbCheck> {
  try {
    await ctx.db.query('SELECT 1');
    const applied = await appliedMigrationCount(ctx.db);
    const expected = expectedMigrationCount();
    if (applied < expected) return { ok: false, reason: `migrations ${applied}/${expected}` };
    return { ok: true, migrations: applied };
  } catch (err) {
    return { ok: false, reason: String(err) };
  }
}

async function withinBudget(check: Promise<DbCheck>): Promise<DbCheck> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DbCheck>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `database did not answer within ${READINESS_BUDGET_MS} ms` }),
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
