import {
  CONSULTATION_CALL_ATTEMPTS,
  CONSULTATION_CALL_INTERVAL_MS,
  type ConsultationOutcome,
  type ConsultationStatus,
  ConsultationErrorCode as E,
  type ProjectCode,
  type StaffRole,
  type TStaffConsultation,
} from '@dossier/contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { consultation, consultationAttempt, entitlement, project, staffUser } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { notify } from '../notification/notification.service.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { attemptsOf, attemptView, bookingOf } from './consultation.service.ts';
import {
  CONSULTATION_QUEUE,
  type ConsultationEvent,
  type ConsultationRow,
  consultationStateRefused,
  moveConsultation,
} from './consultation.transitions.ts';

/**
 * The staff queue of consultations (issue 16 items 4 and 8; decision 0033), roles consultant and admin: list
 * with age, booked time and holder; claim; call attempts by the holder — at most CONSULTATION_CALL_ATTEMPTS,
 * each at least CONSULTATION_CALL_INTERVAL_MINUTES after the previous one by the app's clock. Each change is
 * audited and the customer notified in its transaction.
 */
export const CONSULTATION_STAFF: readonly StaffRole[] = ['admin', 'consultant'];

/** Runs a staff change in one transaction; a failure leaves the call-level audit row to the staff plugin. */
async function staffTx<T>(ctx: AppContext, who: StaffPrincipal, run: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.db.transaction(run);
  } catch (err) {
    who.audited = false; // the service's row was rolled back with the change
    throw err;
  }
}

interface Joined {
  row: ConsultationRow;
  code: string;
  holder: string | null;
}

const baseQuery = (db: Db) =>
  db
    .select({ row: consultation, code: project.code, holder: staffUser.username })
    .from(consultation)
    .innerJoin(entitlement, eq(entitlement.id, consultation.id))
    .innerJoin(project, eq(project.id, entitlement.projectId))
    .leftJoin(staffUser, eq(staffUser.id, consultation.holderId));

async function staffView(ctx: AppContext, j: Joined): Promise<TStaffConsultation> {
  const { row } = j;
  const now = ctx.clock.now().getTime();
  const attempts = await attemptsOf(ctx.db.db, row);
  const last = attempts.at(-1);
  return {
    id: row.id,
    customer_id: row.customerId,
    project_code: j.code as ProjectCode,
    status: row.status as ConsultationStatus,
    booking: bookingOf(row),
    age_seconds: row.bookedAt ? Math.max(0, Math.floor((now - row.bookedAt.getTime()) / 1000)) : null,
    holder: j.holder,
    claimed_at: row.claimedAt?.toISOString() ?? null,
    attempts: attempts.map((a) => ({ ...attemptView(a), note: a.note, by: a.staffName })),
    next_attempt_at:
      row.status !== 'in_progress'
        ? null
        : new Date(
            last ? last.at.getTime() + CONSULTATION_CALL_INTERVAL_MS : (row.claimedAt?.getTime() ?? now),
          ).toISOString(),
  };
}

/** GET /api/staff/consultation/: the open queue (or one status), the earliest booked time first. */
export async function listConsultationQueue(
  ctx: AppContext,
  q: { page: number; size: number; status?: ConsultationStatus | undefined },
) {
  const where: SQL[] = [inArray(consultation.status, q.status ? [q.status] : [...CONSULTATION_QUEUE])];
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(consultation)
    .where(and(...where));
  const rows = await baseQuery(db)
    .where(and(...where))
    .orderBy(consultation.bookedFor, consultation.id)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const results: TStaffConsultation[] = [];
  for (const r of rows) results.push(await staffView(ctx, r));
  return { count: total?.n ?? 0, results };
}

async function found(db: Db, id: number): Promise<Joined> {
  const [j] = await baseQuery(db).where(eq(consultation.id, id));
  if (!j) throw notFound();
  return j;
}

export async function staffConsultation(ctx: AppContext, id: number): Promise<TStaffConsultation> {
  return staffView(ctx, await found(ctx.db.db, id));
}

/**
 * POST …/claim/: booked → in progress, held by the caller; the customer notified and the audit row written in
 * the same transaction. Two staff claiming at once: one wins, the other answers 409 consultation_state.
 */
export async function claimConsultation(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
): Promise<TStaffConsultation> {
  const seen = await found(ctx.db.db, id);
  await staffTx(ctx, who, async (tx) => {
    const now = ctx.clock.now();
    const row = await moveConsultation(tx, id, 'claim', now, { holderId: who.staffId, claimedAt: now });
    await notify(ctx, { customerId: row.customerId, key: 'consultation_claimed' }, tx);
    await recordAudit(ctx, tx, who, {
      action: 'consultation.claim',
      targetType: 'consultation',
      targetId: id,
      before: { status: seen.row.status, holder: seen.holder },
      after: { status: row.status, holder: who.actor },
      detail: { booked_for: row.bookedFor?.toISOString() ?? null, round: row.round },
    });
  });
  return staffConsultation(ctx, id);
}

/**
 * POST …/attempt/ by the holder: one call attempt of the current booking. Answered (with a note) → done; not
 * answered → stays in progress, or dropped when it was the last allowed attempt. A further attempt once dropped
 * answers 409 consultation_attempts_used; one sooner than the interval after the previous, 409
 * consultation_attempt_too_soon. The row is locked for the check, so two attempts at once cannot both pass it.
 */
export async function recordAttempt(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  body: { outcome: ConsultationOutcome; note?: string | undefined },
): Promise<TStaffConsultation> {
  const note = body.note?.trim() ? body.note.trim() : null;
  if (body.outcome === 'answered' && !note) throw errorOf(400, E.noteRequired);
  await staffTx(ctx, who, async (tx) => {
    const [row] = await tx.select().from(consultation).where(eq(consultation.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status === 'dropped') throw errorOf(409, E.attemptsUsed, { max: CONSULTATION_CALL_ATTEMPTS });
    if (row.status !== 'in_progress') throw consultationStateRefused();
    if (row.holderId !== who.staffId) throw errorOf(403, E.notHolder);
    const attempts = await attemptsOf(tx, row);
    if (attempts.length >= CONSULTATION_CALL_ATTEMPTS) {
      throw errorOf(409, E.attemptsUsed, { max: CONSULTATION_CALL_ATTEMPTS });
    }
    const now = ctx.clock.now();
    const last = attempts.at(-1);
    if (last) {
      const wait = last.at.getTime() + CONSULTATION_CALL_INTERVAL_MS - now.getTime();
      if (wait > 0) throw errorOf(409, E.tooSoon, { minutes: Math.ceil(wait / 60_000) });
    }
    const n = attempts.length + 1;
    const [me] = await tx
      .select({ name: staffUser.displayName })
      .from(staffUser)
      .where(eq(staffUser.id, who.staffId));
    await tx.insert(consultationAttempt).values({
      consultationId: id,
      round: row.round,
      n,
      outcome: body.outcome,
      note,
      staffId: who.staffId,
      staffName: me?.name ?? who.actor,
      at: now,
    });
    const event: ConsultationEvent =
      body.outcome === 'answered' ? 'answer' : n >= CONSULTATION_CALL_ATTEMPTS ? 'drop' : 'miss';
    const moved = await moveConsultation(tx, id, event, now, event === 'miss' ? {} : { closedAt: now });
    const key =
      event === 'answer'
        ? 'consultation_done'
        : event === 'drop'
          ? 'consultation_dropped'
          : 'consultation_attempt_missed';
    await notify(
      ctx,
      { customerId: row.customerId, key, params: { n, max: CONSULTATION_CALL_ATTEMPTS } },
      tx,
    );
    await recordAudit(ctx, tx, who, {
      action: 'consultation.attempt',
      targetType: 'consultation',
      targetId: id,
      before: { status: row.status, attempts: attempts.length },
      after: { status: moved.status, attempts: n },
      detail: { outcome: body.outcome, n, round: row.round, note },
    });
  });
  return staffConsultation(ctx, id);
}
