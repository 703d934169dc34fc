import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/queue.ts';
import { errorSummary } from '../plugins/dependency-errors.ts';

/**
 * The worker role's start, retried while the API serves (issue 27 item 7, decision 0051). The database may drop
 * in the first seconds after start-up, after /healthz already answers: the process used to exit ("workers did
 * not start"), taking the API down with it. Now each failed attempt is logged, the next one waits longer (1 s,
 * 2 s, 4 s … 30 s at most), and /readyz says why the process is not ready until the workers run.
 */

export interface WorkerStart {
  state: 'starting' | 'started';
  /** Attempts that failed so far. */
  failures: number;
  /** The last failure, as /readyz shows it (an error code or a known message; the whole error is logged). */
  lastError?: string;
  /** When the next attempt runs (ms since the epoch). */
  retryAt?: number;
}

export const WORKER_RETRY_FIRST_MS = 1000;
export const WORKER_RETRY_MAX_MS = 30_000;

/** The wait before attempt `n + 1` after `n` failures: doubling from the first, capped. */
export const retryDelayMs = (
  failures: number,
  firstMs = WORKER_RETRY_FIRST_MS,
  maxMs = WORKER_RETRY_MAX_MS,
) => Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));

/**
 * What /readyz says once a start failed, until the workers run; null otherwise. The first attempt waits for the
 * PDF engine's warm-up (seconds) and is not reported: the API serves meanwhile and jobs wait in the queue, as
 * they did before (decisions 0043, 0044).
 */
export function workerStartReason(w: WorkerStart, now: number): string | null {
  if (w.state === 'started' || w.failures === 0) return null;
  const inSeconds = Math.max(0, Math.ceil(((w.retryAt ?? now) - now) / 1000));
  return `workers: starting (retry ${w.failures + 1} in ${inSeconds} s: ${w.lastError})`;
}

/**
 * Runs `start` until it succeeds or `signal` aborts (shutdown). Workers an attempt registered before it failed
 * are taken off again, so a retry does not run a queue twice (the print file and upload checks are one at a
 * time for their memory). Answers whether the workers started.
 */
export async function startWorkersWithRetry(opts: {
  jobs: Jobs;
  start: () => Promise<void>;
  state: WorkerStart;
  logger: FastifyBaseLogger;
  signal: AbortSignal;
  now?: () => number;
  delayMs?: (failures: number) => number;
}): Promise<boolean> {
  const { jobs, state, logger, signal } = opts;
  const now = opts.now ?? Date.now;
  const delayMs = opts.delayMs ?? retryDelayMs;
  while (!signal.aborted) {
    const registered = new Set<string>();
    const work = jobs.work;
    jobs.work = ((name: string, ...rest: unknown[]) => {
      registered.add(name);
      return (work as (...args: unknown[]) => Promise<string>).call(jobs, name, ...rest);
    }) as Jobs['work'];
    try {
      await opts.start();
      state.state = 'started';
      delete state.retryAt;
      return true;
    } catch (err) {
      await Promise.all([...registered].map((name) => jobs.offWork(name).catch(() => {})));
      state.failures++;
      state.lastError = errorSummary(err);
      const wait = delayMs(state.failures);
      state.retryAt = now() + wait;
      logger.error({ err, attempt: state.failures, retryInMs: wait }, 'workers did not start; retrying');
      try {
        await sleep(wait, undefined, { signal });
      } catch {
        // Aborted: the process is stopping.
      }
    } finally {
      jobs.work = work;
    }
  }
  return false;
}
