import type { AppContext } from '../context.ts';
import { PURGE_CRON, PURGE_JOB, ZPurgePayload } from './purge.job.ts';

/**
 * Starts the worker role: creates the queues, registers the schedules and the handlers. Handlers are
 * imported lazily so the API role does not load job code it never runs.
 */
export async function startWorkers(ctx: AppContext): Promise<void> {
  const boss = ctx.jobs;
  await boss.createQueue(PURGE_JOB);
  await boss.schedule(PURGE_JOB, PURGE_CRON, { reason: 'schedule' }, { tz: 'UTC' });
  await boss.work(PURGE_JOB, async (jobs) => {
    const { runPurge } = await import('./purge.handler.ts');
    for (const job of jobs) await runPurge(ctx, ZPurgePayload.parse(job.data ?? {}));
  });
}
