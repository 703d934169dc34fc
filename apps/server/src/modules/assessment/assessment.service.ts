import {
  AssessmentErrorCode as A,
  AccountErrorCode,
  type AssessmentArea,
  assessmentMissingFields,
  computeSelfCheck,
  type Locale,
  type TAssessment,
  type TAssessmentData,
  type TSelfCheck,
  todayInTimeZone,
} from '@dossier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assessment, timezone } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { notify } from '../notification/notification.service.ts';

type Row = typeof assessment.$inferSelect;

const pgCode = (e: unknown): string | undefined =>
  (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;

const alreadySubmitted = () => new AppError(409, A.alreadySubmitted, `errors:${A.alreadySubmitted}`);

function view(row: Row, usedFreeAssessment: boolean): TAssessment {
  return {
    id: row.id,
    area: row.area as AssessmentArea,
    status: row.status === 'submitted' ? 'submitted' : 'draft',
    data: (row.data ?? {}) as TAssessmentData,
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    self_check: (row.selfCheck ?? null) as TSelfCheck | null,
    used_free_assessment: usedFreeAssessment,
  };
}

/** True once the person has submitted an assessment in either area (spec §4: one free chance). */
async function hasSubmitted(ctx: AppContext, customerId: number): Promise<boolean> {
  const [hit] = await ctx.db.db
    .select({ id: assessment.id })
    .from(assessment)
    .where(and(eq(assessment.customerId, customerId), eq(assessment.status, 'submitted')))
    .limit(1);
  return hit !== undefined;
}

/** The caller's assessment of `area`; the first read creates the empty draft so it has an id. */
export async function getMyAssessment(
  ctx: AppContext,
  opts: { customerId: number; area: AssessmentArea },
): Promise<TAssessment> {
  const db = ctx.db.db;
  const mine = and(eq(assessment.customerId, opts.customerId), eq(assessment.area, opts.area));
  let [row] = await db.select().from(assessment).where(mine);
  if (!row) {
    const now = ctx.clock.now();
    try {
      await db
        .insert(assessment)
        .values({ customerId: opts.customerId, area: opts.area, data: {}, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    } catch (e) {
      // The account behind a still-valid token is gone.
      if (pgCode(e) === '23503') throw new AppError(401, 'unauthorized');
      throw e;
    }
    [row] = await db.select().from(assessment).where(mine);
    if (!row) throw new AppError(401, 'unauthorized');
  }
  return view(row, row.status === 'submitted' || (await hasSubmitted(ctx, opts.customerId)));
}

/** Replaces the draft of `area` (created if needed); a submitted assessment is no longer editable. */
export async function updateMyAssessment(
  ctx: AppContext,
  opts: { customerId: number; area: AssessmentArea; data: TAssessmentData },
): Promise<TAssessment> {
  const now = ctx.clock.now();
  let rows: Row[];
  try {
    rows = await ctx.db.db
      .insert(assessment)
      .values({
        customerId: opts.customerId,
        area: opts.area,
        data: opts.data,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [assessment.customerId, assessment.area],
        set: { data: opts.data, updatedAt: now },
        setWhere: sql`${assessment.status} = 'draft'`,
      })
      .returning();
  } catch (e) {
    if (pgCode(e) === '23503') throw new AppError(401, 'unauthorized');
    throw e;
  }
  const [row] = rows;
  if (!row) throw alreadySubmitted();
  return view(row, await hasSubmitted(ctx, opts.customerId));
}

/**
 * Submits the caller's assessment `id` (spec §4 Free assessment): every required field present, the
 * appointment date not past in its time zone, once per person across US and HK. The partial unique index
 * assessment_one_submit_uq settles concurrent submits: the loser answers 409 like any second submit. The
 * submission and its notification are written in one transaction.
 */
export async function submitAssessment(
  ctx: AppContext,
  opts: { customerId: number; id: number; locale: Locale },
): Promise<TAssessment> {
  const db = ctx.db.db;
  const [row] = await db
    .select()
    .from(assessment)
    .where(and(eq(assessment.id, opts.id), eq(assessment.customerId, opts.customerId)));
  if (!row) throw notFound();
  if (row.status === 'submitted' || (await hasSubmitted(ctx, opts.customerId))) throw alreadySubmitted();

  const data = (row.data ?? {}) as TAssessmentData;
  if (assessmentMissingFields(data).length > 0) {
    throw new AppError(400, A.incomplete, `errors:${A.incomplete}`);
  }
  const appointment = data.appointment!;
  const [tz] = await db
    .select({ code: timezone.code })
    .from(timezone)
    .where(eq(timezone.code, appointment.timezone!.trim()));
  if (!tz) throw new AppError(400, AccountErrorCode.timezoneUnknown);
  const now = ctx.clock.now();
  if (appointment.date! < todayInTimeZone(tz.code, now)) {
    throw new AppError(400, A.datePast, `errors:${A.datePast}`);
  }

  const selfCheck = computeSelfCheck(data, now);
  // The submission and its notification in one transaction: both are written or neither (issue 10 item 20),
  // so a crash in between cannot leave a booked date nobody was told about, and a retry finds a draft.
  const done = await db.transaction(async (tx) => {
    let updated: Row[];
    try {
      updated = await tx
        .update(assessment)
        .set({ status: 'submitted', selfCheck, submittedAt: now, updatedAt: now, language: opts.locale })
        .where(and(eq(assessment.id, row.id), eq(assessment.status, 'draft')))
        .returning();
    } catch (e) {
      if (pgCode(e) === '23505') throw alreadySubmitted();
      throw e;
    }
    const [submitted] = updated;
    if (!submitted) throw alreadySubmitted();
    await notify(
      ctx,
      {
        customerId: opts.customerId,
        key: 'assessment_submitted',
        params: { date: appointment.date!, time_range: appointment.time_range! },
      },
      tx,
    );
    return submitted;
  });
  return view(done, true);
}
