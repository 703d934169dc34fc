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
  // PDF builds run in this role: load fonts, WebAssembly and schemas now, in the background, so the first
  // packet a user asks for does not pay for them (bench:packet shows the difference).
  void import('../pdf/warm-up.ts')
    .then((m) => m.warmUpPdfEngine())
    .then((ms) => ctx.logger.info({ ms: Math.round(ms) }, 'pdf engine warmed up'))
    .catch((err: unknown) => ctx.logger.warn({ err }, 'pdf engine warm-up failed'));
  await boss.work(PURGE_JOB, async (jobs) => {
    const { runPurge } = await import('./purge.handler.ts');
    for (const job of jobs) await runPurge(ctx, ZPurgePayload.parse(job.data ?? {}));
  });
}
