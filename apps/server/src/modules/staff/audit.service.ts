import { createHmac } from 'node:crypto';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { staffAudit } from '../../db/schema/index.ts';

/**
 * The append-only staff audit log (decision 0020): who, what, when, before/after, IP. Code only inserts
 * (there is no update or delete path); the database refuses UPDATE and DELETE with a trigger.
 */

/** Who acts: the signed-in staff member (or the CLI). `audited` is set once a row names this call. */
export interface StaffActor {
  staffId: number | null;
  actor: string;
  ip?: string | null;
  audited?: boolean;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
}

export async function recordAudit(
  ctx: Pick<AppContext, 'clock'>,
  db: Db,
  who: StaffActor,
  e: AuditEntry,
): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: who.staffId,
    actor: who.actor,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: e.before ?? null,
    after: e.after ?? null,
    detail: e.detail ?? null,
    ip: who.ip ?? null,
    createdAt: ctx.clock.now(),
  });
  who.audited = true;
}

/**
 * A phone a staff member searched for, as the audit log keeps it (decision 0050): the log is append-only and
 * outlives an erased account, so the number is never stored as typed. `masked` shows at most its last 4 digits
 * and never more than a third of them; `hash` is a keyed hash of its digits (the app secret), so the admin can
 * find every search for a number by giving the number, while the row alone does not reveal it.
 */
export function auditedPhone(secret: Buffer, phone: string): { masked: string; hash: string } {
  const digits = phone.replace(/\D/g, '');
  const keep = Math.min(4, Math.floor(digits.length / 3));
  return {
    masked: `${'*'.repeat(digits.length - keep)}${digits.slice(digits.length - keep)}`,
    hash: phoneHash(secret, digits),
  };
}

const phoneHash = (secret: Buffer, digits: string) =>
  createHmac('sha256', secret).update(`staff-audit-phone:${digits}`).digest('base64url').slice(0, 22);

export interface AuditQuery {
  page: number;
  size: number;
  staff_id?: number | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  phone?: string | undefined;
}

/** GET /api/staff/audit/: newest first, filtered by who, what, which target and when. */
export async function listAudit(ctx: AppContext, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.staff_id !== undefined) where.push(eq(staffAudit.staffId, q.staff_id));
  if (q.actor !== undefined) where.push(eq(staffAudit.actor, q.actor.toLowerCase()));
  if (q.action !== undefined) where.push(eq(staffAudit.action, q.action));
  if (q.target_type !== undefined) where.push(eq(staffAudit.targetType, q.target_type));
  if (q.target_id !== undefined) where.push(eq(staffAudit.targetId, q.target_id));
  if (q.from !== undefined) where.push(gte(staffAudit.createdAt, new Date(q.from)));
  if (q.to !== undefined) where.push(lte(staffAudit.createdAt, new Date(q.to)));
  if (q.phone !== undefined) {
    const hash = phoneHash(ctx.authSecret, q.phone.replace(/\D/g, ''));
    where.push(sql`${staffAudit.detail} -> 'query' -> 'phone' ->> 'hash' = ${hash}`);
  }
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(staffAudit)
    .where(and(...where));
  const rows = await db
    .select()
    .from(staffAudit)
    .where(and(...where))
    .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      staff_id: r.staffId,
      actor: r.actor,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      detail: r.detail,
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
