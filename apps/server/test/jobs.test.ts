import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRun } from '../src/db/schema/index.ts';
import { PURGE_CRON, PURGE_JOB } from '../src/jobs/purge.job.ts';
import { startWorkers } from '../src/jobs/register.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ worker: true });
  await t.ctx.jobs.start();
  await startWorkers(t.ctx);
});
afterAll(async () => {
  await t.ctx.jobs.stop({ graceful: true, wait: true, close: false, timeout: 5000 });
  await t.close();
});

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out waiting');
}

describe('job queue (pg-boss on this backend)', () => {
  it('schedules the daily purge', async () => {
    const schedules = await t.ctx.jobs.getSchedules();
    expect(schedules.find((s) => s.name === PURGE_JOB)).toMatchObject({ cron: PURGE_CRON });
  });

  it('runs the purge end to end: job sent → worker → interrupted uploads removed → run recorded', async () => {
    const tmp = join(t.dir, 'files', '.tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'stale-upload'), 'x');
    writeFileSync(join(tmp, 'fresh-upload'), 'x');
    // The worker's clock says 2026-11-21 08:00; the stale file is two days older than that.
    const stale = new Date(t.clock.now().getTime() - 2 * 86_400_000);
    utimesSync(join(tmp, 'stale-upload'), stale, stale);
    const fresh = new Date(t.clock.now().getTime() - 60_000);
    utimesSync(join(tmp, 'fresh-upload'), fresh, fresh);

    const jobId = await t.ctx.jobs.send(PURGE_JOB, { reason: 'manual' });
    expect(jobId).toBeTruthy();
    const run = await waitFor(async () => {
      const [row] = await t.ctx.db.db
        .select()
        .from(jobRun)
        .where(eq(jobRun.name, PURGE_JOB))
        .orderBy(desc(jobRun.id))
        .limit(1);
      return row?.status === 'succeeded' ? row : undefined;
    });
    // The total counts every step; on PostgreSQL other suites share the database (the uploads suite ages its own
    // rows to purge them), so only this test's step is exact.
    expect(run.removed).toBeGreaterThanOrEqual(1);
    expect(run.details).toMatchObject({ reason: 'manual', steps: { 'storage.incomplete_uploads': 1 } });
    expect(readdirSync(tmp)).toEqual(['fresh-upload']);
    const job = await waitFor(async () => {
      const j = await t.ctx.jobs.getJobById(PURGE_JOB, jobId!);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(job.state).toBe('completed');
  });

  it('wakes a worker of this process when a job is sent, instead of leaving it to its next poll', async () => {
    const queue = 'test.wake';
    await t.ctx.jobs.createQueue(queue);
    const started: number[] = [];
    // A poll every 30 s: without the wake-up the job would wait for the next one.
    await t.ctx.jobs.work(queue, { pollingIntervalSeconds: 30 }, async () => {
      started.push(Date.now());
    });
    // Let the worker's first (empty) fetch pass, so it is asleep until its next poll.
    await new Promise((r) => setTimeout(r, 500));
    const sentAt = Date.now();
    expect(await t.ctx.jobs.send(queue, {})).toBeTruthy();
    await waitFor(async () => (started.length ? true : undefined), 10_000);
    expect(started[0]! - sentAt).toBeLessThan(10_000);
    await t.ctx.jobs.offWork(queue);
  });
});
