import type { AppContext } from '../../context.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

/** Ready = the database answers and every committed migration is applied. */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  try {
    await ctx.db.query('SELECT 1');
    const applied = await appliedMigrationCount(ctx.db);
    const expected = expectedMigrationCount();
    if (applied < expected) return { ready: false, reason: `migrations ${applied}/${expected}` };
    return { ready: true, migrations: applied };
  } catch (err) {
    return { ready: false, reason: String(err) };
  }
}
