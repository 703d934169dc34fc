import { knownTimeZone, localDate, RFE_REMINDER_DAYS } from '@dossier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseRfe, customer, workbenchCase } from '../../db/schema/index.ts';
import { type FilingNotice, type FilingNoticeKey, noticeInApp, noticeOutside } from './filing-notify.ts';

/** Whole days from `from` to `to` (yyyy-mm-dd each). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder an open RFE is owed today (decision 0079): the latest threshold (30, 14, 3 days before the due date,
 * by the customer's today) that has been reached and not sent. A late run (or one that missed days) sends only that
 * latest one and counts the earlier ones as sent; on or after the due date nothing is sent.
 */
export function reminderDue(
  today: string,
  dueDate: string,
  sent: readonly number[],
): { days: number; markSent: number[] } | null {
  const left = daysBetween(today, dueDate);
  if (left < 0) return null;
  const reached = RFE_REMINDER_DAYS.filter((d) => left <= d);
  if (reached.length === 0) return null;
  const latest = Math.min(...reached);
  if (sent.includes(latest)) return null;
  const markSent = [...new Set([...sent, ...reached])].sort((a, b) => b - a);
  return { days: latest, markSent };
}

/**
 * The daily reminders job: each open RFE's due reminder, in-app and by e-mail, each exactly once — the mark in
 * `case_rfe.reminders_sent` is set by a compare-and-set in the same transaction as the in-app notice, so a second
 * run (or a second process) finds it sent.
 */
export async function sendRfeReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select({
      id: caseRfe.id,
      dueDate: caseRfe.dueDate,
      kind: caseRfe.kind,
      sent: caseRfe.remindersSent,
      customerId: workbenchCase.customerId,
      timezone: customer.timezone,
    })
    .from(caseRfe)
    .innerJoin(workbenchCase, eq(workbenchCase.id, caseRfe.caseId))
    .innerJoin(customer, eq(customer.id, workbenchCase.customerId))
    .where(eq(caseRfe.status, 'open'));
  let n = 0;
  for (const r of rows) {
    const sent = Array.isArray(r.sent) ? r.sent : [];
    const due = reminderDue(localDate(now, knownTimeZone(r.timezone)), r.dueDate, sent);
    if (!due) continue;
    const notice: FilingNotice = {
      customerId: r.customerId,
      key: `rfe_reminder_due_${due.days}` as FilingNoticeKey,
      params: { due_date: r.dueDate, days: due.days, kind: r.kind.toUpperCase() },
    };
    const done = await ctx.db.db.transaction(async (tx) => {
      const [hit] = await tx
        .update(caseRfe)
        .set({ remindersSent: due.markSent })
        .where(
          and(
            eq(caseRfe.id, r.id),
            eq(caseRfe.status, 'open'),
            sql`${caseRfe.remindersSent} = ${JSON.stringify(sent)}::jsonb`,
          ),
        )
        .returning({ id: caseRfe.id });
      if (!hit) return false;
      await noticeInApp(ctx, notice, tx as unknown as Db);
      return true;
    });
    if (!done) continue;
    n++;
    await noticeOutside(ctx, notice);
  }
  return n;
}
