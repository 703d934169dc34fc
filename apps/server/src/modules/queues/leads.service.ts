import {
  LEAD_MOVES,
  type LeadStatus,
  QueueErrorCode as Q,
  type StaffRole,
  type TStaffAppointment,
  type TStaffAssessment,
} from '@dossier/contract';
import { and, asc, count, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { agentAppointment, assessment, customer, staffUser } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { notify } from '../notification/notification.service.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { addNote, ageSeconds, notesOf, staffTx } from './queue-common.ts';

/**
 * Agent appointments and assessment submissions as staff work queues (issue 16 item 8; decision 0035): list
 * (age, status, holder), detail with notes, claim (one of two concurrent claims wins), contact status
 * new → contacted → closed by the holder, notes. The customer is told "we contacted you" in the transaction
 * of the change, translated in their language when they read it.
 */
export const LEAD_STAFF: readonly StaffRole[] = ['admin', 'consultant'];

export type LeadKind = 'appointment' | 'assessment';
const OPEN: LeadStatus[] = ['new', 'contacted'];

/*
 * Both tables carry the same queue columns (contact_status, holder_id, claimed_at, contacted_at, closed_at),
 * so the claim and status code is written once against those columns.
 */
const KINDS = {
  appointment: {
    table: agentAppointment,
    target: 'agent_appointment',
    contacted: 'appointment_contacted',
    extra: undefined as SQL | undefined,
  },
  assessment: {
    table: assessment as unknown as typeof agentAppointment,
    target: 'assessment',
    contacted: 'assessment_contacted',
    extra: eq(assessment.status, 'submitted'),
  },
} as const;

type LeadRow = {
  id: number;
  customerId: number | null;
  contactStatus: string;
  holderId: number | null;
  claimedAt: Date | null;
  contactedAt: Date | null;
  closedAt: Date | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function base(ctx: AppContext, r: LeadRow, holder: string | null, submitted: Date) {
  return {
    id: r.id,
    status: r.contactStatus as LeadStatus,
    customer_id: r.customerId,
    submitted_at: submitted.toISOString(),
    age_seconds: ageSeconds(ctx, submitted),
    holder,
    claimed_at: iso(r.claimedAt),
    contacted_at: iso(r.contactedAt),
    closed_at: iso(r.closedAt),
    notes: [],
  };
}

const appointmentQuery = (db: Db) =>
  db
    .select({ row: agentAppointment, holder: staffUser.username })
    .from(agentAppointment)
    .leftJoin(staffUser, eq(staffUser.id, agentAppointment.holderId));

function appointmentView(
  ctx: AppContext,
  j: { row: typeof agentAppointment.$inferSelect; holder: string | null },
): TStaffAppointment {
  const r = j.row;
  return {
    ...base(ctx, r, j.holder, r.createdAt),
    language: r.language,
    area_code: r.areaCode,
    phone: r.phone,
    email: r.email,
    name: r.name,
    wechat: r.wechat,
    timezone: r.timezone,
    appointment_date: r.appointmentDate,
    time_range: r.timeRange,
    entrance: r.entrance,
  };
}

const assessmentQuery = (db: Db) =>
  db
    .select({
      row: assessment,
      holder: staffUser.username,
      areaCode: customer.areaCode,
      phone: customer.phone,
      email: customer.email,
    })
    .from(assessment)
    .innerJoin(customer, eq(customer.id, assessment.customerId))
    .leftJoin(staffUser, eq(staffUser.id, assessment.holderId));

function assessmentView(
  ctx: AppContext,
  j: {
    row: typeof assessment.$inferSelect;
    holder: string | null;
    areaCode: string;
    phone: string;
    email: string | null;
  },
): TStaffAssessment {
  const r = j.row;
  return {
    ...base(ctx, r, j.holder, r.submittedAt ?? r.createdAt),
    language: r.language,
    area_code: j.areaCode,
    phone: j.phone,
    email: j.email,
    area: r.area,
    data: (r.data ?? {}) as Record<string, unknown>,
    self_check: r.selfCheck ?? null,
  };
}

const statusWhere = (kind: LeadKind, status: LeadStatus | undefined): SQL[] => {
  const k = KINDS[kind];
  const where: SQL[] = [inArray(k.table.contactStatus, status ? [status] : OPEN)];
  if (k.extra) where.push(k.extra);
  return where;
};

/** GET /api/staff/appointment/: oldest first; default the open ones. */
export async function listAppointments(
  ctx: AppContext,
  q: { page: number; size: number; status?: LeadStatus | undefined },
) {
  const db = ctx.db.db;
  const where = and(...statusWhere('appointment', q.status));
  const [total] = await db.select({ n: count() }).from(agentAppointment).where(where);
  const rows = await appointmentQuery(db)
    .where(where)
    .orderBy(asc(agentAppointment.createdAt), asc(agentAppointment.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: rows.map((r) => appointmentView(ctx, r)) };
}

/** GET /api/staff/assessment/: submitted assessments, oldest submit first; default the open ones. */
export async function listAssessments(
  ctx: AppContext,
  q: { page: number; size: number; status?: LeadStatus | undefined },
) {
  const db = ctx.db.db;
  const where = and(...statusWhere('assessment', q.status));
  const [total] = await db.select({ n: count() }).from(assessment).where(where);
  const rows = await assessmentQuery(db)
    .where(where)
    .orderBy(asc(assessment.submittedAt), asc(assessment.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: rows.map((r) => assessmentView(ctx, r)) };
}

export async function getAppointment(ctx: AppContext, id: number): Promise<TStaffAppointment> {
  const db = ctx.db.db;
  const [j] = await appointmentQuery(db).where(eq(agentAppointment.id, id));
  if (!j) throw notFound();
  return { ...appointmentView(ctx, j), notes: await notesOf(db, 'agent_appointment', id) };
}

export async function getAssessment(ctx: AppContext, id: number): Promise<TStaffAssessment> {
  const db = ctx.db.db;
  const [j] = await assessmentQuery(db).where(and(eq(assessment.id, id), eq(assessment.status, 'submitted')));
  if (!j) throw notFound();
  return { ...assessmentView(ctx, j), notes: await notesOf(db, 'assessment', id) };
}

const detail = (ctx: AppContext, kind: LeadKind, id: number) =>
  kind === 'appointment' ? getAppointment(ctx, id) : getAssessment(ctx, id);

/** The row (locked for the transaction), 404 when absent (or an unsubmitted assessment). */
async function lockedLead(tx: Db, kind: LeadKind, id: number): Promise<LeadRow> {
  const k = KINDS[kind];
  const where: SQL[] = [eq(k.table.id, id)];
  if (k.extra) where.push(k.extra);
  const [row] = await tx
    .select({
      id: k.table.id,
      customerId: k.table.customerId,
      contactStatus: k.table.contactStatus,
      holderId: k.table.holderId,
      claimedAt: k.table.claimedAt,
      contactedAt: k.table.contactedAt,
      closedAt: k.table.closedAt,
    })
    .from(k.table)
    .where(and(...where))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * POST …/{id}/claim/: an unheld, open item becomes the caller's. One conditional UPDATE decides: of two staff
 * claiming at once one wins, the other answers 409 queue_claimed.
 */
export async function claimLead(ctx: AppContext, who: StaffPrincipal, kind: LeadKind, id: number) {
  const k = KINDS[kind];
  await staffTx(ctx, who, async (tx) => {
    const now = ctx.clock.now();
    const where: SQL[] = [eq(k.table.id, id), isNull(k.table.holderId), ne(k.table.contactStatus, 'closed')];
    if (k.extra) where.push(k.extra);
    const won = await tx
      .update(k.table)
      .set({ holderId: who.staffId, claimedAt: now })
      .where(and(...where))
      .returning({ id: k.table.id, status: k.table.contactStatus });
    if (won.length === 0) {
      const row = await lockedLead(tx, kind, id);
      if (row.contactStatus === 'closed') throw errorOf(409, Q.state);
      throw errorOf(409, Q.claimed);
    }
    await recordAudit(ctx, tx, who, {
      action: `${k.target}.claim`,
      targetType: k.target,
      targetId: id,
      before: { holder: null },
      after: { holder: who.actor, status: won[0]!.status },
    });
  });
  return detail(ctx, kind, id);
}

/**
 * POST …/{id}/status/: the holder moves it along LEAD_MOVES (new → contacted → closed, new → closed).
 * Reaching `contacted` notifies a customer who has an account, in the same transaction.
 */
export async function moveLead(
  ctx: AppContext,
  who: StaffPrincipal,
  kind: LeadKind,
  id: number,
  to: LeadStatus,
) {
  const k = KINDS[kind];
  await staffTx(ctx, who, async (tx) => {
    const row = await lockedLead(tx, kind, id);
    if (row.holderId !== who.staffId) throw errorOf(403, Q.notHolder);
    const from = row.contactStatus as LeadStatus;
    if (!LEAD_MOVES[from].includes(to)) throw errorOf(409, Q.state);
    const now = ctx.clock.now();
    await tx
      .update(k.table)
      .set({
        contactStatus: to,
        ...(to === 'contacted' ? { contactedAt: now } : {}),
        ...(to === 'closed' ? { closedAt: now } : {}),
      })
      .where(eq(k.table.id, id));
    if (to === 'contacted' && row.customerId !== null) {
      await notify(ctx, { customerId: row.customerId, key: k.contacted }, tx);
    }
    await recordAudit(ctx, tx, who, {
      action: `${k.target}.status`,
      targetType: k.target,
      targetId: id,
      before: { status: from },
      after: { status: to },
      detail: { notified: to === 'contacted' && row.customerId !== null },
    });
  });
  return detail(ctx, kind, id);
}

/** POST …/{id}/note/: any staff member of the queue's roles adds a note (no claim needed). */
export async function noteLead(
  ctx: AppContext,
  who: StaffPrincipal,
  kind: LeadKind,
  id: number,
  body: string,
) {
  await staffTx(ctx, who, async (tx) => {
    await lockedLead(tx, kind, id);
    await addNote(ctx, tx, who, KINDS[kind].target, id, body);
  });
  return detail(ctx, kind, id);
}
