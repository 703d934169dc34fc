import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Jobs } from '../jobs/queue.ts';
import { retryDelayMs, startWorkersWithRetry, type WorkerStart, workerStartReason } from './worker-start.ts';

const logger = pino({ level: 'silent' });
const coded = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.5:5432`), { code });

/** The two pg-boss calls the retry uses: `work` registers a worker, `offWork` takes a queue's workers off. */
function fakeJobs() {
  const working = new Map<string, number>();
  const jobs = {
    work: vi.fn(async (name: string) => {
      working.set(name, (working.get(name) ?? 0) + 1);
      return `${name}-${working.get(name)}`;
    }),
    offWork: vi.fn(async (name: string) => {
      working.delete(name);
    }),
  };
  return { jobs: jobs as unknown as Jobs, working, original: jobs.work };
}

describe('retryDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('startWorkersWithRetry', () => {
  it('retries until the start succeeds, each queue worked once, and says why meanwhile', async () => {
    const { jobs, working, original } = fakeJobs();
    const state: WorkerStart = { state: 'starting', failures: 0 };
    // The first attempt (after the warm-up) is not a reason to be unready.
    expect(workerStartReason(state, 0)).toBeNull();
    const reasons: Array<string | null> = [];
    const failures = [
      coded('ECONNREFUSED'),
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ];
    const ok = await startWorkersWithRetry({
      jobs,
      state,
      logger,
      signal: new AbortController().signal,
      now: () => 1_000,
      delayMs: () => 0,
      start: async () => {
        reasons.push(workerStartReason(state, 1_000));
        // A partial start: the first queue is worked, then the database drops.
        await jobs.work('purge', async () => {});
        const failure = failures.shift();
        if (failure) throw failure;
        await jobs.work('packet', async () => {});
      },
    });
    expect(ok).toBe(true);
    expect(state).toMatchObject({ state: 'started', failures: 2, lastError: '57P01' });
    // The error's code, never its message (which names the database host).
    expect(reasons).toEqual([
      null,
      'workers: starting (retry 2 in 0 s: ECONNREFUSED)',
      'workers: starting (retry 3 in 0 s: 57P01)',
    ]);
    expect(workerStartReason(state, 1_000)).toBeNull();
    expect(Object.fromEntries(working)).toEqual({ purge: 1, packet: 1 });
    expect(jobs.work).toBe(original);
  });

  it('stops retrying when the process stops (shutdown during the wait)', async () => {
    const { jobs } = fakeJobs();
    const stop = new AbortController();
    const state: WorkerStart = { state: 'starting', failures: 0 };
    const start = vi.fn(async () => {
      stop.abort();
      throw coded('ECONNREFUSED');
    });
    const ok = await startWorkersWithRetry({
      jobs,
      state,
      logger,
      signal: stop.signal,
      start,
      delayMs: () => 3_600_000,
    });
    expect(ok).toBe(false);
    expect(start).toHaveBeenCalledTimes(1);
    expect(state.state).toBe('starting');
  });
});
