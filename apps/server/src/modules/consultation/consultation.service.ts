import {
  AccountErrorCode,
  type ConsultationOutcome,
  type ConsultationStatus,
  ConsultationErrorCode as E,
  type ProjectCode,
  type TConsultation,
  type TConsultationAttempt,
  zonedInstant,
} from '@dossier/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  consultation,
  consultationAttempt,
  customer,
  entitlement,
  project,
  timezone,
} from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { type ConsultationRow, canMove, moveConsultation } from './consultation.transitions.ts';

/**
 * Consultations, the customer's side (spec §4 Consultation; decision 0033): list, book a time (date and time in
 * the customer's time zone, the account's phone), cancel before it is done, the call attempts as recorded.
 */

/** Creates the consultation of every CONSULTATION entitlement of the customer that has none yet. */
async function ensureConsultations(ctx: AppContext, customerId: number): Promise<void> {
  const db = ctx.db.db;
  const missing = await db
    .select({ id: entitlement.id })
    .from(entitlement)
    .leftJoin(consultation, eq(consultation.id, entitlement.id))
    .where(
      and(
        eq(entitlement.customerId, customerId),
        eq(entitlement.service, 'CONSULTATION'),
        isNull(consultation.id),
      ),
    );
  if (missing.length === 0) return;
  const now = ctx.clock.now();
  await db
    .insert(consultation)
    .values(
      missing.map((m) => ({ id: m.id, customerId, status: 'can_book', createdAt: now, updatedAt: now })),
    )
    .onConflictDoNothing({ target: consultation.id });
}

export interface OwnedConsultation {
  row: ConsultationRow;
  projectCode: ProjectCode;
}

const joined = (db: Db) =>
  db
    .select({ row: consultation, code: project.code })
    .from(consultation)
    .innerJoin(entitlement, eq(entitlement.id, consultation.id))
    .innerJoin(project, eq(project.id, entitlement.projectId));

/** One of the caller's consultations; another customer's id is a 404 (never a 403). */
export async function ownedConsultation(
  ctx: AppContext,
  customerId: number,
  id: number,
): Promise<OwnedConsultation> {
  await ensureConsultations(ctx, customerId);
  const [r] = await joined(ctx.db.db).where(
    and(eq(consultation.id, id), eq(consultation.customerId, customerId)),
  );
  if (!r) throw notFound();
  return { row: r.row, projectCode: r.code as ProjectCode };
}

export type AttemptRow = typeof consultationAttempt.$inferSelect;

/** The attempts of the row's current booking, oldest first. */
export const attemptsOf = (db: Db, row: ConsultationRow): Promise<AttemptRow[]> =>
  db
    .select()
    .from(consultationAttempt)
    .where(and(eq(consultationAttempt.consultationId, row.id), eq(consultationAttempt.round, row.round)))
    .orderBy(asc(consultationAttempt.n));

export const attemptView = (a: AttemptRow): TConsultationAttempt => ({
  n: a.n,
  at: a.at.toISOString(),
  outcome: a.outcome as ConsultationOutcome,
});

export function bookingOf(row: ConsultationRow): TConsultation['booking'] {
  if (!row.bookedAt || !row.bookedFor) return null;
  return {
    timezone: row.timezone ?? '',
    date: row.localDate ?? '',
    time: row.localTime ?? '',
    at: row.bookedFor.toISOString(),
    area_code: row.areaCode ?? '',
    phone: row.phone ?? '',
    topic: row.topic,
    booked_at: row.bookedAt.toISOString(),
  };
}

async function view(db: Db, c: OwnedConsultation): Promise<TConsultation> {
  const { row } = c;
  return {
    id: row.id,
    project_code: c.projectCode,
    status: row.status as ConsultationStatus,
    booking: bookingOf(row),
    attempts: (await attemptsOf(db, row)).map(attemptView),
    can_book: canMove(row.status, 'book'),
    can_cancel: canMove(row.status, 'cancel'),
  };
}

/** GET /api/customer/consultation/: the caller's consultations (of one project when asked). */
export async function listConsultations(
  ctx: AppContext,
  customerId: number,
  projectCode: ProjectCode | undefined,
): Promise<TConsultation[]> {
  await ensureConsultations(ctx, customerId);
  const db = ctx.db.db;
  const rows = await joined(db)
    .where(
      and(eq(consultation.customerId, customerId), ...(projectCode ? [eq(project.code, projectCode)] : [])),
    )
    .orderBy(asc(project.position), asc(consultation.id));
  const out: TConsultation[] = [];
  for (const r of rows) out.push(await view(db, { row: r.row, projectCode: r.code as ProjectCode }));
  return out;
}

export async function getConsultation(
  ctx: AppContext,
  customerId: number,
  id: number,
): Promise<TConsultation> {
  return view(ctx.db.db, await ownedConsultation(ctx, customerId, id));
}

export interface BookInput {
  timezone: string;
  date: string;
  time: string;
  topic?: string | undefined;
}

/**
 * PATCH …/book/: a time in the customer's time zone (a seeded zone; a real date and time; not past), the
 * account's phone as it is now. After a cancel this starts a new booking (its attempts start again at 1).
 */
export async function bookConsultation(
  ctx: AppContext,
  c: OwnedConsultation,
  input: BookInput,
): Promise<TConsultation> {
  const db = ctx.db.db;
  const [tz] = await db
    .select({ code: timezone.code })
    .from(timezone)
    .where(eq(timezone.code, input.timezone));
  if (!tz) throw errorOf(400, AccountErrorCode.timezoneUnknown);
  const at = zonedInstant(input.date, input.time, tz.code);
  if (!at) throw errorOf(400, E.timeInvalid);
  const now = ctx.clock.now();
  if (at.getTime() <= now.getTime()) throw errorOf(400, E.timePast);
  const [who] = await db
    .select({ areaCode: customer.areaCode, phone: customer.phone })
    .from(customer)
    .where(eq(customer.id, c.row.customerId));
  if (!who) throw notFound();
  const topic = input.topic?.trim() ? input.topic.trim() : null;
  const row = await moveConsultation(db, c.row.id, 'book', now, {
    // A new booking after a cancel: its own round of attempts, no holder.
    round: sql`${consultation.round} + 1`,
    timezone: tz.code,
    localDate: input.date,
    localTime: input.time,
    bookedFor: at,
    areaCode: who.areaCode,
    phone: who.phone,
    topic,
    bookedAt: now,
    holderId: null,
    claimedAt: null,
    closedAt: null,
  });
  return view(db, { ...c, row });
}

/** PATCH …/cancel/: before it is done (booked, or being called). */
export async function cancelConsultation(ctx: AppContext, c: OwnedConsultation): Promise<TConsultation> {
  const now = ctx.clock.now();
  const row = await moveConsultation(ctx.db.db, c.row.id, 'cancel', now, { closedAt: now });
  return view(ctx.db.db, { ...c, row });
}
