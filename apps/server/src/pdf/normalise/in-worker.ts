import { runInThread, TIMED_OUT, threadEntry } from '../../run-in-thread.ts';
import type { Rect } from '../packet/content-bbox.ts';
import type { NormaliseInput, NormaliseLimits, NormaliseResult } from './index.ts';

export { TIMED_OUT };

/** The thread's entry: the bundle's own beside it, or the sources' (which registers tsx first). */
const WORKER_ENTRY = threadEntry('normalise-worker.mjs', import.meta.url);

/**
 * The normaliser's answer; an accepted file also carries what each page paints (page-marks.ts), when read, each
 * page's text and the start of it (pdf/text/page-text.ts).
 */
export type NormalisedInWorker = NormaliseResult & { marks?: Rect[][]; text?: string; pageTexts?: string[] };

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
  return runInThread<NormalisedInWorker>(WORKER_ENTRY, {
    name: "the normaliser's thread",
    workerData: { input: { ...input, bytes }, limits },
    transferList: [bytes.buffer],
    timeoutMs,
  });
}
