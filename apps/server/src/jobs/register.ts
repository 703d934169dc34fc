import type { AppContext } from '../context.ts';
import { CASE_STATUS_POLL_JOB, CASE_STATUS_POLL_SINGLETON, caseStatusCron } from './case-status-poll.job.ts';
import { PACKET_BUILD_JOB, packetQueue, ZPacketBuildPayload } from './packet-build.job.ts';
import { PURGE_CRON, PURGE_JOB, ZPurgePayload } from './purge.job.ts';
import { RFE_PACKET_BUILD_JOB, rfePacketQueue, ZRfePacketBuildPayload } from './rfe-packet-build.job.ts';
import { RFE_REMINDERS_CRON, RFE_REMINDERS_JOB } from './rfe-reminders.job.ts';
import { SHOP_EXPIRY_CRON, SHOP_EXPIRY_JOB } from './shop-expiry.job.ts';
import {
  UPLOAD_NORMALISE_JOB,
  uploadNormaliseQueue,
  ZUploadNormalisePayload,
} from './uploads-normalise.job.ts';

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
  await boss.createQueue(SHOP_EXPIRY_JOB);
  await boss.schedule(SHOP_EXPIRY_JOB, SHOP_EXPIRY_CRON, {}, { tz: 'UTC' });
  await boss.work(SHOP_EXPIRY_JOB, async () => {
    const { expireDue } = await import('../modules/shop/order-transitions.ts');
    const n = await expireDue(ctx.db.db, ctx.clock.now());
    if (n > 0) ctx.logger.info({ expired: n }, 'unpaid orders expired');
  });
  // The case status scheduler (decision 0079): `stately` keeps at most one run queued and one running.
  await boss.createQueue(CASE_STATUS_POLL_JOB, { name: CASE_STATUS_POLL_JOB, policy: 'stately' });
  await boss.work(CASE_STATUS_POLL_JOB, async () => {
    const { runCaseStatusTick } = await import('./case-status-poll.handler.ts');
    await runCaseStatusTick(ctx);
  });
  const { caseStatusSetup } = await import('./case-status-poll.handler.ts');
  const caseStatus = caseStatusSetup(ctx);
  if (caseStatus?.provider) {
    const cron = caseStatusCron(caseStatus.settings.tickSeconds);
    if (cron) await boss.schedule(CASE_STATUS_POLL_JOB, cron, {}, { tz: 'UTC' });
    else await boss.send(CASE_STATUS_POLL_JOB, {}, { singletonKey: CASE_STATUS_POLL_SINGLETON });
  }
  await boss.createQueue(RFE_REMINDERS_JOB);
  await boss.schedule(RFE_REMINDERS_JOB, RFE_REMINDERS_CRON, {}, { tz: 'UTC' });
  await boss.work(RFE_REMINDERS_JOB, async () => {
    const { sendRfeReminders } = await import('../modules/filing/rfe-reminders.ts');
    const n = await sendRfeReminders(ctx);
    if (n > 0) ctx.logger.info({ reminders: n }, 'RFE reminders sent');
  });
  await boss.createQueue(UPLOAD_NORMALISE_JOB, uploadNormaliseQueue(ctx.config.uploads.normaliseTimeoutMs));
  // One file at a time: the normaliser holds a whole file (≤ UPLOAD_MAX_MB) and its decoded pages in memory.
  await boss.work(UPLOAD_NORMALISE_JOB, { batchSize: 1, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const { runUploadNormalise } = await import('./uploads-normalise.handler.ts');
    await runUploadNormalise(ctx, ZUploadNormalisePayload.parse(job.data), job);
  });
  await boss.createQueue(PACKET_BUILD_JOB, packetQueue);
  // One packet at a time: a build holds the whole output in memory (see bench:packet for its peak).
  // Someone is waiting on the screen for it: poll every 0.5 s (pg-boss's minimum) instead of the default 2 s.
  await boss.work(
    PACKET_BUILD_JOB,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      const { runPacketBuild } = await import('./packet-build.handler.ts');
      await runPacketBuild(ctx, ZPacketBuildPayload.parse(job.data), job);
    },
  );
  await boss.createQueue(RFE_PACKET_BUILD_JOB, rfePacketQueue);
  // One response packet at a time, polled as often as the petition packet's (someone waits on the screen).
  await boss.work(
    RFE_PACKET_BUILD_JOB,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      const { runRfePacketBuild } = await import('./rfe-packet-build.handler.ts');
      await runRfePacketBuild(ctx, ZRfePacketBuildPayload.parse(job.data), job);
    },
  );
}
