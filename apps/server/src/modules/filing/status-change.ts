import { type CaseStatusCode, CLOSED_CASE_STATUS_CODES, type StatusSource } from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { filingReceipt, filingStatusEvent, workbenchCase } from '../../db/schema/index.ts';
import { type FilingNotice, noticeInApp, noticeOutside } from './filing-notify.ts';

export interface StatusInput {
  receiptId: number;
  statusCode: CaseStatusCode;
  /** USCIS's English title, or the customer's words. */
  statusText: string;
  statusDescription?: string | null;
  source: StatusSource;
  /** The day of the status (yyyy-mm-dd) when known. */
  occurredOn?: string | null;
  /** Notify the owner (default: only a status polled from USCIS; a status the customer typed is not news to them). */
  notify?: boolean;
}

export interface StatusOutcome {
  /** False when the status equals the receipt's latest (nothing recorded, nobody notified). */
  changed: boolean;
  eventId: number | null;
  closed: boolean;
}

/**
 * Records a receipt's status (decision 0079): when it differs from the receipt's latest (code or wording), one
 * filing_status_event, the receipt's status fields (a closed code closes the receipt: never polled again) and,
 * in the same transaction, exactly one in-app notification to the case's owner; the e-mail copy after the
 * commit. The receipt row is locked, so two pollers (or a poll and the customer) seeing the same change record it
 * once. Pass `db` to join a caller's transaction (the mail is then the caller's: see `sendStatusMail`).
 */
export async function recordStatus(ctx: AppContext, input: StatusInput, db?: Db): Promise<StatusOutcome> {
  const run = async (tx: Db) => recordInTx(ctx, input, tx);
  const { outcome, mail } = db
    ? await run(db)
    : await ctx.db.db.transaction((tx) => run(tx as unknown as Db));
  if (mail && !db) await noticeOutside(ctx, mail);
  return outcome;
}

/** For a caller that passed its own transaction: the e-mail (and SMS where configured), after its commit. */
export const sendStatusMail = noticeOutside;

async function recordInTx(
  ctx: AppContext,
  input: StatusInput,
  tx: Db,
): Promise<{ outcome: StatusOutcome; mail: FilingNotice | null }> {
  const now = ctx.clock.now();
  const [row] = await tx
    .select({
      id: filingReceipt.id,
      caseId: filingReceipt.caseId,
      form: filingReceipt.form,
      receiptNumber: filingReceipt.receiptNumber,
      statusCode: filingReceipt.statusCode,
      statusText: filingReceipt.statusText,
      closed: filingReceipt.closed,
      customerId: workbenchCase.customerId,
    })
    .from(filingReceipt)
    .innerJoin(workbenchCase, eq(workbenchCase.id, filingReceipt.caseId))
    .where(eq(filingReceipt.id, input.receiptId))
    .for('update', { of: filingReceipt });
  if (!row) return { outcome: { changed: false, eventId: null, closed: false }, mail: null };
  if (row.statusCode === input.statusCode && row.statusText === input.statusText) {
    return { outcome: { changed: false, eventId: null, closed: row.closed }, mail: null };
  }
  const closed = CLOSED_CASE_STATUS_CODES.has(input.statusCode);
  const wantNotice = input.notify ?? input.source === 'uscis';
  const [event] = await tx
    .insert(filingStatusEvent)
    .values({
      receiptId: row.id,
      caseId: row.caseId,
      statusCode: input.statusCode,
      statusText: input.statusText,
      statusDescription: input.statusDescription ?? null,
      source: input.source,
      occurredOn: input.occurredOn ?? null,
      observedAt: now,
      notifiedAt: wantNotice ? now : null,
    })
    .returning({ id: filingStatusEvent.id });
  await tx
    .update(filingReceipt)
    .set({
      statusCode: input.statusCode,
      statusText: input.statusText,
      statusDescription: input.statusDescription ?? null,
      statusSource: input.source,
      statusAt: now,
      // A receipt once closed stays closed (a later "card mailed" after "approved" does not reopen it).
      closed: row.closed || closed,
      version: sql`${filingReceipt.version} + 1`,
      updatedAt: now,
    })
    .where(eq(filingReceipt.id, row.id));
  let mail: FilingNotice | null = null;
  if (wantNotice) {
    mail = {
      customerId: row.customerId,
      key: closed ? 'case_status_closed' : 'case_status_changed',
      params: {
        receipt_number: row.receiptNumber,
        form: row.form,
        status: input.statusText,
        code: input.statusCode,
      },
    };
    await noticeInApp(ctx, mail, tx);
  }
  return { outcome: { changed: true, eventId: event?.id ?? null, closed: row.closed || closed }, mail };
}
