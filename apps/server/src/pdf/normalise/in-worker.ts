import { Worker } from 'node:worker_threads';
import type { Rect } from '../packet/content-bbox.ts';
import type { NormaliseInput, NormaliseLimits, NormaliseResult } from './index.ts';

export const TIMED_OUT = 'timed_out' as const;

/** Set by the server bundle's banner to the bundle's own URL (scripts/server-build.mjs); absent under tsx. */
declare const __BUNDLE_URL__: string | undefined;

/** The thread's entry: the bundle's own beside it, or the sources' (which registers tsx first). */
const WORKER_ENTRY =
  typeof __BUNDLE_URL__ === 'string'
    ? new URL('./normalise-worker.mjs', __BUNDLE_URL__)
    : new URL('./normalise-worker.mjs', import.meta.url);

/** The normaliser's answer; an accepted file also carries what each page paints (page-marks.ts), when read. */
export type NormalisedInWorker = NormaliseResult & { marks?: Rect[][] };

/**
 * normaliseEvidence in a worker thread: the work (pdf-lib parsing, image decoding — synchronous for seconds on a
 * large file) never blocks the event loop that serves requests, its memory goes back when the thread ends, and
 * `timeoutMs` is a hard bound: the thread is terminated, whatever it is doing. A Promise.race on the same thread
 * could not stop it (issue 12: a file that takes too long is refused, not left running).
 */
export function normaliseInWorker(
  input: NormaliseInput,
  limits: Partial<NormaliseLimits>,
  timeoutMs: number,
): Promise<NormalisedInWorker | typeof TIMED_OUT> {
  // A copy the thread owns (the caller's buffer may be a view into a shared pool).
  const bytes = new Uint8Array(input.bytes);
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { input: { ...input, bytes }, limits },
    transferList: [bytes.buffer],
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
    const timer = setTimeout(() => finish(() => resolve(TIMED_OUT)), timeoutMs);
    worker.once('message', (result: NormalisedInWorker) => finish(() => resolve(result)));
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the normaliser's thread stopped (exit ${code}) without an answer`))),
    );
  });
}
