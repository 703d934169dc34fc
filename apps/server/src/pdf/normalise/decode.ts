/**
 * Decodes a stream's general filters (filters.ts) into a counter that stops at a cap (decisions 0015, 0053):
 * each stage pulls from the one before it, so nothing is decoded past the point where a stage's output
 * exceeds the cap, and only the bytes asked to be kept are held. Flate is node:zlib; LZW, RunLength, the
 * ASCII filters and the PNG/TIFF predictors are decoders.ts.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createInflate, inflateSync } from 'node:zlib';
import { type ChunkDecoder, chunkDecoder, type SyncFilter } from './decoders.ts';
import type { Predictor, Stage } from './filters.ts';
import { predictorDecoder } from './predictors.ts';

/** Inputs up to this size inflate synchronously: at Flate's ~1,032:1 ceiling, at most ~17 MB out. */
const SYNC_INPUT = 16 * 1024;

export interface Decoded {
  /** Bytes out of the last stage, counted up to the cap + 1. */
  length: number;
  /** A stage's output went past the cap: decoding stopped there. */
  over: boolean;
  /** The data stopped decoding before its end (a decoder error, or Flate data cut short). */
  corrupt: boolean;
  /** What decoded, when asked for (`keep`), up to the cap (when over it: what came out before). */
  data?: Buffer;
}

export interface DecodeOptions {
  /** Most bytes any stage may put out. */
  cap: number;
  /** Return the decoded bytes; Flate then takes what decodes of a stream cut short, as readers draw it. */
  keep?: boolean;
  /** Called with each chunk of the last stage's output, in order. */
  onData?: (chunk: Uint8Array) => void;
}

/** Thrown to stop the pipeline at the cap (which reports it as an AbortError: `stop.over` says why). */
class OverCap extends Error {}

/** Passes chunks on, counting them; past `cap`, marks `stop` and throws. */
const meter = (cap: number, stop: { over: boolean }) =>
  async function* (source: AsyncIterable<Buffer>) {
    let n = 0;
    for await (const chunk of source) {
      n += chunk.length;
      if (n > cap) {
        stop.over = true;
        throw new OverCap();
      }
      yield chunk;
    }
  };

const syncStage = (make: () => ChunkDecoder) =>
  async function* (source: AsyncIterable<Buffer>) {
    const decoder = make();
    try {
      for await (const chunk of source) yield* decoder.write(chunk);
    } catch (err) {
      // What decoded before the bad byte goes on before the error does.
      yield* decoder.flush();
      throw err;
    }
    yield* decoder.end();
  };

/** A stage of the pipeline: Flate, one of decoders.ts's filters, or a predictor after Flate or LZW. */
type Step =
  | { kind: 'flate' }
  | { kind: 'filter'; filter: SyncFilter; early?: 0 | 1 }
  | { kind: 'predictor'; predictor: Predictor };

const stepsOf = (stages: readonly Stage[]): Step[] =>
  stages.flatMap((s): Step[] => [
    s.filter === 'FlateDecode' ? { kind: 'flate' } : { kind: 'filter', filter: s.filter, early: s.early },
    ...(s.predictor ? [{ kind: 'predictor' as const, predictor: s.predictor }] : []),
  ]);

/**
 * Zlib data as far as it decodes: the whole of it, or the longest prefix that inflates without an error (a
 * stream's output before its error is otherwise lost with it). Undefined past the cap.
 */
function inflatePrefix(data: Uint8Array, cap: number): { out: Buffer; corrupt: boolean } | undefined {
  const run = (n: number): Buffer | 'over' | 'error' => {
    try {
      return inflateSync(data.subarray(0, n), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: cap + 1,
      });
    } catch (err) {
      return err instanceof RangeError ? 'over' : 'error';
    }
  };
  const whole = run(data.length);
  if (whole === 'over') return undefined;
  if (whole !== 'error') return { out: whole, corrupt: false };
  // A prefix that stops before the bad bits inflates (its end is only "more to come"); one that takes them
  // in fails: the longest good prefix is found by bisection.
  let good = 0;
  let bad = data.length;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    const r = run(mid);
    if (r === 'over') return undefined;
    if (r === 'error') bad = mid;
    else good = mid;
  }
  const out = run(good);
  return typeof out === 'string' ? undefined : { out, corrupt: true };
}

/** Decodes `data` through `stages` (decoding order), within `opts.cap` bytes per stage. */
export async function decodeStages(
  data: Uint8Array,
  stages: readonly Stage[],
  opts: DecodeOptions,
): Promise<Decoded> {
  const steps = stepsOf(stages);
  if (opts.keep && steps[0]?.kind === 'flate') {
    const prefix = inflatePrefix(data, opts.cap);
    if (prefix) {
      const rest = await decodeSteps(prefix.out, steps.slice(1), opts);
      return { ...rest, corrupt: rest.corrupt || prefix.corrupt };
    }
  }
  return decodeSteps(data, steps, opts);
}

async function decodeSteps(data: Uint8Array, stages: readonly Step[], opts: DecodeOptions): Promise<Decoded> {
  const { cap, keep = false, onData } = opts;
  // Counting insists on complete Flate data (readers warn about a truncated stream); keeping takes what
  // decodes, truncated or not.
  const finishFlush = keep ? constants.Z_SYNC_FLUSH : constants.Z_FINISH;
  if (stages.length === 0) {
    onData?.(data);
    const over = data.length > cap;
    return { length: data.length, over, corrupt: false, data: keep && !over ? Buffer.from(data) : undefined };
  }
  if (stages.length === 1 && stages[0]!.kind === 'flate' && data.length <= SYNC_INPUT) {
    try {
      const out = inflateSync(data, { finishFlush, maxOutputLength: cap + 1 });
      onData?.(out);
      return { length: out.length, over: false, corrupt: false, data: keep ? out : undefined };
    } catch (err) {
      // Over the cap: the streaming decode below keeps what came before, when asked to.
      if (err instanceof RangeError && !keep) return { length: cap + 1, over: true, corrupt: false };
      // Corrupt or truncated: the streaming decode below counts what decoded before the error.
    }
  }

  const stop = { over: false };
  const steps: unknown[] = [Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)])];
  stages.forEach((step, i) => {
    if (step.kind === 'flate') steps.push(createInflate({ chunkSize: 256 * 1024, finishFlush }));
    else if (step.kind === 'filter') steps.push(syncStage(() => chunkDecoder(step.filter, step.early)));
    else steps.push(syncStage(() => predictorDecoder(step.predictor)));
    if (i + 1 < stages.length) steps.push(meter(cap, stop));
  });
  const kept: Buffer[] = [];
  let length = 0;
  let corrupt = false;
  steps.push(async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      length += chunk.length;
      if (length > cap) {
        stop.over = true;
        throw new OverCap();
      }
      onData?.(chunk);
      if (keep) kept.push(chunk);
    }
  });
  try {
    // Streams and async generator functions mixed: pipeline's overloads cannot type a list of them.
    await (pipeline as (...steps: unknown[]) => Promise<void>)(...steps);
  } catch {
    corrupt = !stop.over;
  }
  const out = keep ? Buffer.concat(kept) : undefined;
  if (stop.over) return { length: cap + 1, over: true, corrupt: false, data: out };
  return { length, over: false, corrupt, data: out };
}
