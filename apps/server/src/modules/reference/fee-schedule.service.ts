import {
  FEE_SCHEDULE,
  FEE_TABLE_CHECKED,
  type FeeKey,
  type FeeSchedule,
  withFeeRows,
} from '@dossier/contract';
import type { AppContext } from '../../context.ts';
import { feeRow } from '../../db/schema/index.ts';

/**
 * The fee table in force (decision 0035 addendum): the shipped one (packages/contract fees.ts) with the rows
 * staff added in the console. Every customer-facing fee (case summary, form amounts, packet cover sheet,
 * promotion page) reads it from here.
 *
 * Held per process and read again from the database at most every REFRESH_MS, synchronously available to the
 * form evaluation that needs it: staff rows only ever start on a future date (content.service.ts refuses today
 * and the past), so a process that learns of a row up to a minute late has never used a wrong amount.
 */
const REFRESH_MS = 60_000;

interface Held {
  schedule: FeeSchedule;
  /** Each staff row: the day it starts and the day staff added it (a fresh check against uscis.gov). */
  checks: { from: string; day: string }[];
  loadedAt: number;
  loading: Promise<void> | null;
}

const held = new WeakMap<AppContext, Held>();

/**
 * The date the amounts in force were last checked: the release's FEE_TABLE_CHECKED, or the day staff added a
 * row that is in force by now, whichever is later (a row announced for a later date does not date today's).
 * `today` is the reader's day: the customer's (their profile zone, decision 0061) for a case; the UTC day for
 * the staff console.
 */
function checkedOn(ctx: AppContext, h: Held, today = ctx.clock.now().toISOString().slice(0, 10)): string {
  let checked: string = FEE_TABLE_CHECKED;
  for (const c of h.checks) if (c.from <= today && c.day > checked) checked = c.day;
  return checked;
}

async function load(ctx: AppContext, h: Held): Promise<void> {
  const rows = await ctx.db.db
    .select({ key: feeRow.feeKey, from: feeRow.effectiveFrom, cents: feeRow.cents, at: feeRow.createdAt })
    .from(feeRow);
  h.schedule = withFeeRows(
    FEE_SCHEDULE,
    rows.map((r) => ({ key: r.key as FeeKey, from: r.from, cents: r.cents })),
  );
  h.checks = rows.map((r) => ({ from: r.from, day: r.at.toISOString().slice(0, 10) }));
  h.loadedAt = Date.now();
}

function heldOf(ctx: AppContext): Held {
  let h = held.get(ctx);
  if (!h) {
    h = { schedule: FEE_SCHEDULE, checks: [], loadedAt: 0, loading: null };
    held.set(ctx, h);
  }
  return h;
}

/** Reads the table again now (at start-up, and after staff added a row in this process). */
export async function reloadFeeSchedule(ctx: AppContext): Promise<void> {
  const h = heldOf(ctx);
  const run = load(ctx, h).finally(() => {
    if (h.loading === run) h.loading = null;
  });
  h.loading = run;
  await run;
}

/**
 * The table in force and the date it was last checked, as of `today` (the case's customer's day); starts a
 * background re-read when it is old.
 */
export function feeSchedule(ctx: AppContext, today?: string): { schedule: FeeSchedule; checked: string } {
  const h = heldOf(ctx);
  if (!h.loading && Date.now() - h.loadedAt > REFRESH_MS) {
    reloadFeeSchedule(ctx).catch((err: unknown) =>
      ctx.logger.warn({ err }, 'fee table not re-read; the amounts held stay in use'),
    );
  }
  return { schedule: h.schedule, checked: checkedOn(ctx, h, today) };
}

/** The table in force, read again first when it is old: for jobs (the packet), which may run in a worker. */
export async function freshFeeSchedule(
  ctx: AppContext,
  today?: string,
): Promise<{ schedule: FeeSchedule; checked: string }> {
  const h = heldOf(ctx);
  if (h.loading) await h.loading;
  else if (Date.now() - h.loadedAt > REFRESH_MS) await reloadFeeSchedule(ctx);
  return { schedule: h.schedule, checked: checkedOn(ctx, h, today) };
}
