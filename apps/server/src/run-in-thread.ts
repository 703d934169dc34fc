import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Work that must not run on the thread serving requests (the evidence normaliser, the .docx import): a worker
 * thread started for one job, answering one message. `timeoutMs` is a hard bound — the thread is terminated,
 * whatever it is doing, which a Promise.race on the same thread could not do — and `resourceLimits` bound its
 * heap: past them Node stops the thread with ERR_WORKER_OUT_OF_MEMORY (the promise rejects with that error).
 * Its memory goes back when it ends. Decisions 0047, 0049.
 */

export const TIMED_OUT = 'timed_out' as const;

/** Set by the server bundle's banner to the bundle's own URL (scripts/server-build.mjs); absent under tsx. */
declare const __BUNDLE_URL__: string | undefined;

/**
 * A thread's entry `file` (`<name>.mjs`): the bundle's own beside it (a second entry of scripts/server-build.mjs),
 * or the sources' beside `sourceUrl` (the caller's `import.meta.url`; that file registers tsx first).
 */
export const threadEntry = (file: string, sourceUrl: string): URL =>
  typeof __BUNDLE_URL__ === 'string' ? new URL(`./${file}`, __BUNDLE_URL__) : new URL(`./${file}`, sourceUrl);

export interface ThreadJob {
  /** What the thread is, for the error when it stops without an answer ("the normaliser's thread"). */
  name: string;
  workerData: unknown;
  transferList?: ArrayBuffer[];
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
}

/** Starts `entry` for one job: its first message, TIMED_OUT, or a rejection when it fails or stops. */
export function runInThread<T>(entry: URL, job: ThreadJob): Promise<T | typeof TIMED_OUT> {
  const worker = new Worker(entry, {
    workerData: job.workerData,
    transferList: job.transferList ?? [],
    ...(job.resourceLimits ? { resourceLimits: job.resourceLimits } : {}),
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => resolve(TIMED_OUT)), job.timeoutMs);
    worker.once('message', (result: T) => finish(() => resolve(result)));
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`${job.name} stopped (exit ${code}) without an answer`))),
    );
  });
}
