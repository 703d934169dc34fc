import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobRun } from '../db/schema/index.ts';
import { purgeDeletedAccounts, purgeExpiredCredentials } from '../modules/customer/customer.purge.ts';
import { purgeOldSearches } from '../modules/qa/qa.service.ts';
import { purgeUnverifiedWebhookEvents } from '../modules/shop/webhook.service.ts';
import { purgeStaffSignIns } from '../modules/staff/staff.purge.ts';
import { uploadPurgeSteps } from '../modules/uploads/uploads.purge.ts';
import { INCOMPLETE_UPLOAD_MAX_AGE_MS, PURGE_JOB, type TPurgePayload } from './purge.job.ts';

export interface PurgeStep {
  name: string;
  /** Returns how many things it removed. */
  run(ctx: AppContext, now: Date): Promise<number>;
}

/** Steps run in order; each later issue appends its own. */
export const purgeSteps: PurgeStep[] = [
  {
    name: 'storage.incomplete_uploads',
    run: (ctx, now) => ctx.storage.purgeIncomplete(new Date(now.getTime() - INCOMPLETE_UPLOAD_MAX_AGE_MS)),
  },
  purgeDeletedAccounts,
  purgeExpiredCredentials,
  purgeOldSearches,
  purgeUnverifiedWebhookEvents,
  ...uploadPurgeSteps,
  purgeStaffSignIns,
];

/** Runs every purge step and records the run in job_run (what was removed, per step). */
export async function runPurge(ctx: AppContext, payload: TPurgePayload): Promise<number> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.db
    .insert(jobRun)
    .values({ name: PURGE_JOB, startedAt: now, status: 'running', details: { reason: payload.reason } })
    .returning({ id: jobRun.id });
  const perStep: Record<string, number> = {};
  let total = 0;
  try {
    for (const step of purgeSteps) {
      const n = await step.run(ctx, now);
      perStep[step.name] = n;
      total += n;
    }
    await ctx.db.db
      .update(jobRun)
      .set({
        status: 'succeeded',
        finishedAt: ctx.clock.now(),
        removed: total,
        details: { reason: payload.reason, steps: perStep },
      })
      .where(eq(jobRun.id, row!.id));
    ctx.logger.info({ removed: total, steps: perStep }, 'purge finished');
    return total;
  } catch (err) {
    await ctx.db.db
      .update(jobRun)
      .set({
        status: 'failed',
        finishedAt: ctx.clock.now(),
        details: { reason: payload.reason, steps: perStep, error: String(err) },
      })
      .where(eq(jobRun.id, row!.id));
    throw err;
  }
}
