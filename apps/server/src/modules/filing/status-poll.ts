import type { CaseStatusCode } from '@dossier/contract';
import type { AppContext } from '../../context.ts';
import {
  CaseStatusError,
  type CaseStatusProvider,
  type CaseStatusResult,
} from '../../providers/case-status/case-status.ts';
import { recordStatus } from './status-change.ts';
import { mapStatusTitle } from './status-map.ts';
import {
  type DueReceipt,
  dueReceipts,
  type PollWrite,
  releaseCalls,
  reserveCalls,
  usedOn,
  writePolls,
} from './status-poll.store.ts';

/**
 * The case status scheduler (issue 32 item 2, decision 0079). A job runs `runStatusPoll` every `tickSeconds`; each
 * run asks USCIS about the due receipts of all customers together, within the per-second limit and the daily quota.
 * The planning parts are pure functions of (settings, usage, now) so they are tested without a database.
 */

export interface PollSettings {
  /** At most this many calls started in any 1 s window. */
  perSecond: number;
  /** At most this many calls per UTC day (counted in case_status_usage, shared by every process). */
  perDay: number;
  /** How often a run starts. */
  tickSeconds: number;
  /** The interval between two answered polls of one receipt (and the least gap ever between them). */
  repollSeconds: number;
  /** One call's limit. */
  timeoutMs: number;
  /** After a 404 (USCIS does not know the number: the customer may have mistyped it). */
  notFoundRetrySeconds?: number;
  /** Backoff after a 5xx/timeout: base · 2^(failures-1), capped, ±20 % jitter. */
  backoffBaseSeconds?: number;
  backoffMaxSeconds?: number;
  /** This many failures in a row end the run and pause calls for backoffBaseSeconds. */
  failuresToPause?: number;
}

const DAY_MS = 86_400_000;
const DEFAULTS = {
  notFoundRetrySeconds: 3 * 86_400,
  backoffBaseSeconds: 300,
  backoffMaxSeconds: 6 * 3600,
  failuresToPause: 3,
};

/** Per-process state: the pause after a 429 and the start times of the last second's calls. */
export interface PollState {
  pausedUntil: number;
  recentStarts: number[];
}
export const newPollState = (): PollState => ({ pausedUntil: 0, recentStarts: [] });

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The largest number of calls one run may make (see decision 0079 for the pacing and its rolling-24 h bound). */
export function perRunSlot(s: PollSettings): number {
  return Math.max(1, Math.ceil((s.perDay * s.tickSeconds) / 86_400));
}

/**
 * How many calls a run at `now` may start, given `usedToday` calls already counted for this UTC day. Paced over the
 * day: by t seconds into the day at most perDay·(t + tick)/86 400 calls in total, at most one slot per run (no
 * catch-up burst after an idle spell), never more than the run can start at perSecond within its tick, never past
 * perDay.
 */
export function runAllowance(s: PollSettings, now: Date, usedToday: number): number {
  const intoDay = (now.getTime() % DAY_MS) / 1000;
  const paced = Math.min(s.perDay, Math.floor((s.perDay * (intoDay + s.tickSeconds)) / 86_400));
  return Math.max(
    0,
    Math.min(paced - usedToday, perRunSlot(s), s.perSecond * s.tickSeconds, s.perDay - usedToday),
  );
}

/** The wait before a receipt's next try after `failures` failures in a row (exponential, capped, jittered). */
export function backoffMs(s: PollSettings, failures: number, random: () => number = Math.random): number {
  const base = (s.backoffBaseSeconds ?? DEFAULTS.backoffBaseSeconds) * 1000;
  const max = (s.backoffMaxSeconds ?? DEFAULTS.backoffMaxSeconds) * 1000;
  const raw = Math.min(max, base * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/** When a call may start so that at most perSecond start in any 1 s window; prunes `starts`. */
export function nextStartAt(starts: number[], perSecond: number, now: number): number {
  while (starts.length > 0 && (starts[0] as number) <= now - 1000) starts.shift();
  if (starts.length < perSecond) return now;
  return (starts[starts.length - perSecond] as number) + 1000;
}

export type CallOutcome =
  | { kind: 'ok'; result: CaseStatusResult }
  | { kind: 'error'; error: CaseStatusError };

export interface PollDeps {
  provider: CaseStatusProvider | null;
  settings: PollSettings;
  state: PollState;
  /** Waits `ms` (the job: a real timer; the simulated-time test: advances its ManualClock). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface PollRunReport {
  skipped: 'off' | 'paused' | null;
  calls: number;
  changed: number;
  stoppedBy: 'rate_limited' | 'failures' | null;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runStatusPoll(ctx: AppContext, deps: PollDeps): Promise<PollRunReport> {
  const { provider, settings: s, state } = deps;
  const sleep = deps.sleep ?? realSleep;
  const random = deps.random ?? Math.random;
  const report: PollRunReport = { skipped: null, calls: 0, changed: 0, stoppedBy: null };
  if (!provider) return { ...report, skipped: 'off' };
  const db = ctx.db;
  const now = ctx.clock.now();
  if (state.pausedUntil > now.getTime()) return { ...report, skipped: 'paused' };
  const day = utcDay(now);
  const used = await usedOn(db, day);
  const allowance = runAllowance(s, now, used);
  if (allowance <= 0) return report;
  const due = await dueReceipts(db, now, s.repollSeconds * 1000, allowance);
  const granted = await reserveCalls(db, day, due.length, s.perDay, now);
  const todo = due.slice(0, granted);
  const writes: PollWrite[] = [];
  const changes: Array<{ receipt: DueReceipt; result: CaseStatusResult }> = [];
  let failuresInRow = 0;
  let i = 0;
  const failuresToPause = s.failuresToPause ?? DEFAULTS.failuresToPause;
  while (i < todo.length && !report.stoppedBy) {
    const batch: DueReceipt[] = [];
    const starts: number[] = [];
    while (i < todo.length && batch.length < s.perSecond) {
      let t = ctx.clock.now().getTime();
      const at = nextStartAt(state.recentStarts, s.perSecond, t);
      if (at > t) {
        // Start what is ready before waiting for the window to move.
        if (batch.length > 0) break;
        await sleep(at - t);
        t = ctx.clock.now().getTime();
        continue;
      }
      if (state.pausedUntil > t) break;
      state.recentStarts.push(t);
      starts.push(t);
      batch.push(todo[i] as DueReceipt);
      i++;
    }
    if (batch.length === 0) break;
    report.calls += batch.length;
    const outcomes = await Promise.all(batch.map((r) => callOnce(provider, r.receiptNumber, s.timeoutMs)));
    const answeredAt = ctx.clock.now();
    for (const [k, receipt] of batch.entries()) {
      const o = outcomes[k] as CallOutcome;
      const startedAt = new Date(starts[k] as number);
      if (o.kind === 'ok') {
        failuresInRow = 0;
        writes.push({
          id: receipt.id,
          polledAt: startedAt.toISOString(),
          nextPollAt: new Date(startedAt.getTime() + s.repollSeconds * 1000).toISOString(),
          failures: 0,
          error: null,
        });
        const code = mapStatusTitle(o.result.title);
        if (code !== receipt.statusCode || o.result.title !== receipt.statusText)
          changes.push({ receipt, result: o.result });
        continue;
      }
      const e = o.error;
      if (e.kind === 'rate_limited') {
        const until =
          answeredAt.getTime() +
          (e.retryAfterMs ?? (s.backoffBaseSeconds ?? DEFAULTS.backoffBaseSeconds) * 1000);
        state.pausedUntil = Math.max(state.pausedUntil, until);
        report.stoppedBy = 'rate_limited';
        writes.push({
          id: receipt.id,
          polledAt: null,
          nextPollAt: new Date(until).toISOString(),
          failures: receipt.pollFailures,
          error: 'rate_limited',
        });
        continue;
      }
      if (e.kind === 'not_found') {
        failuresInRow = 0;
        writes.push({
          id: receipt.id,
          polledAt: startedAt.toISOString(),
          nextPollAt: new Date(
            startedAt.getTime() + (s.notFoundRetrySeconds ?? DEFAULTS.notFoundRetrySeconds) * 1000,
          ).toISOString(),
          failures: Math.min(receipt.pollFailures + 1, 1_000),
          error: 'not_found',
        });
        continue;
      }
      // unavailable, timeout, malformed, unauthorised: this receipt backs off; several in a row end the run.
      failuresInRow++;
      const failures = Math.min(receipt.pollFailures + 1, 1_000);
      writes.push({
        id: receipt.id,
        polledAt: null,
        nextPollAt: new Date(answeredAt.getTime() + backoffMs(s, failures, random)).toISOString(),
        failures,
        error: e.kind,
      });
      if (failuresInRow >= failuresToPause || e.kind === 'unauthorised') {
        state.pausedUntil = Math.max(state.pausedUntil, answeredAt.getTime() + backoffMs(s, 1, random));
        report.stoppedBy = 'failures';
      }
    }
  }
  await releaseCalls(db, day, granted - report.calls);
  await writePolls(db, writes, ctx.clock.now());
  for (const { receipt, result } of changes) {
    const code: CaseStatusCode = mapStatusTitle(result.title);
    const r = await recordStatus(ctx, {
      receiptId: receipt.id,
      statusCode: code,
      statusText: result.title.slice(0, 500),
      statusDescription: result.description?.slice(0, 5_000) ?? null,
      source: 'uscis',
      occurredOn: result.modifiedOn,
    });
    if (r.changed) report.changed++;
  }
  return report;
}

/** One call with the configured timeout (the provider keeps its own; this one also covers a provider that hangs). */
async function callOnce(
  provider: CaseStatusProvider,
  receiptNumber: string,
  timeoutMs: number,
): Promise<CallOutcome> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new CaseStatusError(provider.name, 'timeout', `no answer in ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([provider.status(receiptNumber, ac.signal), timeout]);
    return { kind: 'ok', result };
  } catch (err) {
    if (err instanceof CaseStatusError) return { kind: 'error', error: err };
    return {
      kind: 'error',
      error: new CaseStatusError(provider.name, 'unavailable', (err as Error).message),
    };
  } finally {
    clearTimeout(timer);
  }
}
