import {
  CLOSED_CASE_STATUS_CODES,
  FilingErrorCode as E,
  type FilingStage,
  normaliseReceiptNumber,
  RECEIPT_NUMBER_RE,
  RECEIPTS_MAX,
  type TFiling,
  type TFilingExhibitSnapshot,
  type TFilingRequest,
  type TFilingStageRequest,
  type TManualStatusRequest,
  type TReceiptRequest,
} from '@dossier/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseFiling, filingReceipt } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { versionConflict } from '../case/case.service.ts';
import { customerToday } from '../customer/customer.clock.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { caseNumbering } from '../numbering/numbering.load.ts';
import { attachUpload, detachUpload } from '../uploads/uploads.attach.ts';
import { type FilingRow, filingView, snapshotIn, stageOf } from './filing-view.ts';
import { recordStatus } from './status-change.ts';

/**
 * The filing record (issue 32 items 1, 3, 5; decision 0076): the mailing, the receipts, a status typed by the
 * customer and the stage after filing. Every rule is checked here; messages are `filing:server.<code>`.
 */
const fail = (status: number, code: string, vars: Record<string, string | number> = {}) =>
  new AppError(status, code, `filing:server.${code}`, vars);

const receiptRef = (id: number) => `filing_receipt:${id}`;

export async function getFiling(ctx: AppContext, s: CaseScope, db: Db = ctx.db.db): Promise<TFiling> {
  return filingView(ctx, db, {
    caseId: s.caseRow.id,
    projectCode: s.projectCode,
    locale: s.locale,
    today: await customerToday(ctx, s.customerId),
  });
}

/** The exhibits of the packet as numbered now: what the mailing snapshot stores. */
async function takeSnapshot(db: Db, caseId: number, now: Date): Promise<TFilingExhibitSnapshot> {
  const n = await caseNumbering(db, caseId);
  return {
    taken_at: now.toISOString(),
    exhibits: n.exhibits.map((e) => ({
      folder_id: e.folder.id,
      number: e.exhibit,
      name_en: n.targets.get(`folder:${e.folder.id}`)?.name ?? e.folder.nameEn ?? e.folder.name,
    })),
  };
}

/**
 * The exhibit numbers as mailed (for the RFE module: cited exhibits keep these numbers, new ones number on from the
 * highest); null before the mailing is recorded.
 */
export async function filedExhibits(
  db: Db,
  caseId: number,
): Promise<TFilingExhibitSnapshot['exhibits'] | null> {
  const [row] = await db
    .select({ snap: caseFiling.exhibitSnapshot })
    .from(caseFiling)
    .where(eq(caseFiling.caseId, caseId));
  return snapshotIn(row?.snap)?.exhibits ?? null;
}

/**
 * Sets the case's stage (the RFE module sets `rfe` when an RFE is recorded). No version check: a system
 * transition; the row's version moves so a screen's next write reloads. A no-op before the mailing is recorded.
 */
export async function setFilingStage(
  ctx: AppContext,
  db: Db,
  caseId: number,
  stage: FilingStage,
  on: string | null,
): Promise<void> {
  await db
    .update(caseFiling)
    .set({ stage, stageOn: on, version: sql`${caseFiling.version} + 1`, updatedAt: ctx.clock.now() })
    .where(eq(caseFiling.caseId, caseId));
}

async function lockFiling(tx: Db, caseId: number): Promise<FilingRow | undefined> {
  const [row] = await tx.select().from(caseFiling).where(eq(caseFiling.caseId, caseId)).for('update');
  return row;
}

async function recordedFiling(tx: Db, caseId: number): Promise<FilingRow & { mailedOn: string }> {
  const row = await lockFiling(tx, caseId);
  if (!row?.mailedOn) throw fail(409, E.notFiled);
  return row as FilingRow & { mailedOn: string };
}

/** `PUT …/filing/`: the mailing. The first one takes the exhibit snapshot and moves the stage to `mailed`. */
export async function putFiling(ctx: AppContext, s: CaseScope, body: TFilingRequest): Promise<TFiling> {
  const caseId = s.caseRow.id;
  const today = await customerToday(ctx, s.customerId);
  if (body.mailed_on > today) throw fail(400, E.dateInvalid, { date: body.mailed_on });
  // Read outside the transaction: the numbering's loader reads several tables at once, which one connection in a
  // transaction must not be asked to do.
  const snapshot = await takeSnapshot(ctx.db.db, caseId, ctx.clock.now());
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const now = ctx.clock.now();
    await tx
      .insert(caseFiling)
      .values({ caseId, stage: 'preparing', createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const row = (await lockFiling(tx, caseId))!;
    if (row.version !== body.version) throw versionConflict(row.version);
    const [early] = await tx
      .select({ d: sql<string | null>`min(${filingReceipt.noticeDate})::text` })
      .from(filingReceipt)
      .where(eq(filingReceipt.caseId, caseId));
    if (early?.d && body.mailed_on > early.d) throw fail(400, E.dateInvalid, { date: body.mailed_on });
    const first = row.mailedOn === null;
    await tx
      .update(caseFiling)
      .set({
        mailedOn: body.mailed_on,
        carrier: body.carrier,
        trackingNumber: body.tracking_number || null,
        ...(first ? { exhibitSnapshot: snapshot } : {}),
        ...(stageOf(row) === 'preparing' ? { stage: 'mailed', stageOn: body.mailed_on } : {}),
        version: sql`${caseFiling.version} + 1`,
        updatedAt: now,
      })
      .where(eq(caseFiling.caseId, caseId));
  });
  return getFiling(ctx, s);
}

/** `POST …/filing/snapshot/`: the exhibit numbers taken again (the customer changed the packet before mailing). */
export async function retakeSnapshot(ctx: AppContext, s: CaseScope): Promise<TFiling> {
  const snapshot = await takeSnapshot(ctx.db.db, s.caseRow.id, ctx.clock.now());
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await recordedFiling(tx, s.caseRow.id);
    const now = ctx.clock.now();
    await tx
      .update(caseFiling)
      .set({
        exhibitSnapshot: snapshot,
        version: sql`${caseFiling.version} + 1`,
        updatedAt: now,
      })
      .where(eq(caseFiling.caseId, s.caseRow.id));
  });
  return getFiling(ctx, s);
}

/**
 * `PUT …/filing/stage/`: the stage typed by the customer. Not `preparing` once mailed; `receipted` and later only
 * with a receipt; the stage's date neither before the mailing nor in the future.
 */
export async function putStage(ctx: AppContext, s: CaseScope, body: TFilingStageRequest): Promise<TFiling> {
  const caseId = s.caseRow.id;
  const today = await customerToday(ctx, s.customerId);
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await recordedFiling(tx, caseId);
    if (row.version !== body.version) throw versionConflict(row.version);
    if (body.stage === 'preparing') throw fail(409, E.stageInvalid);
    if (body.stage !== 'mailed' && body.stage !== 'withdrawn') {
      const [n] = await tx.select({ n: count() }).from(filingReceipt).where(eq(filingReceipt.caseId, caseId));
      if ((n?.n ?? 0) === 0) throw fail(409, E.stageInvalid);
    }
    if (body.stage_on && (body.stage_on > today || body.stage_on < row.mailedOn)) {
      // An interview is scheduled ahead: its date may be in the future.
      if (!(body.stage === 'interview' && body.stage_on >= row.mailedOn)) {
        throw fail(400, E.dateInvalid, { date: body.stage_on });
      }
    }
    await setFilingStage(ctx, tx, caseId, body.stage, body.stage_on);
  });
  return getFiling(ctx, s);
}

function receiptNumberOf(raw: string): string {
  const n = normaliseReceiptNumber(raw);
  if (!RECEIPT_NUMBER_RE.test(n)) throw fail(400, E.receiptNumberInvalid);
  return n;
}

async function ownReceipt(tx: Db, caseId: number, receiptId: number) {
  const [r] = await tx
    .select()
    .from(filingReceipt)
    .where(and(eq(filingReceipt.id, receiptId), eq(filingReceipt.caseId, caseId)))
    .for('update');
  if (!r) throw notFound();
  return r;
}

/** The receipt's number unique in the case, its notice date between the mailing and today. */
async function checkReceipt(
  tx: Db,
  caseId: number,
  mailedOn: string,
  today: string,
  body: TReceiptRequest,
  exceptId: number | null,
): Promise<string> {
  const number = receiptNumberOf(body.receipt_number);
  if (body.notice_date < mailedOn || body.notice_date > today) {
    throw fail(400, E.dateInvalid, { date: body.notice_date });
  }
  const same = and(
    eq(filingReceipt.caseId, caseId),
    eq(filingReceipt.receiptNumber, number),
    exceptId === null ? undefined : ne(filingReceipt.id, exceptId),
  );
  const [dup] = await tx.select({ id: filingReceipt.id }).from(filingReceipt).where(same);
  if (dup) throw fail(409, E.receiptDuplicate, { number });
  return number;
}

/** `POST …/filing/receipt/`: a receipt notice; the first one moves the stage from `mailed` to `receipted`. */
export async function addReceipt(ctx: AppContext, s: CaseScope, body: TReceiptRequest): Promise<TFiling> {
  const caseId = s.caseRow.id;
  const today = await customerToday(ctx, s.customerId);
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const filing = await recordedFiling(tx, caseId);
    const number = await checkReceipt(tx, caseId, filing.mailedOn, today, body, null);
    const [n] = await tx.select({ n: count() }).from(filingReceipt).where(eq(filingReceipt.caseId, caseId));
    if ((n?.n ?? 0) >= RECEIPTS_MAX) throw fail(409, E.receiptsFull, { max: RECEIPTS_MAX });
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(filingReceipt)
      .values({
        caseId,
        form: body.form,
        receiptNumber: number,
        noticeDate: body.notice_date,
        premium: body.premium,
        noticeUploadId: body.notice_upload_id,
        // The poller picks a new receipt up at once.
        nextPollAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: filingReceipt.id });
    if (body.notice_upload_id !== null) {
      await attachUpload(tx, {
        customerId: s.customerId,
        projectCode: s.projectCode,
        uploadId: body.notice_upload_id,
        ref: receiptRef(row!.id),
        now,
      });
    }
    if (stageOf(filing) === 'mailed') await setFilingStage(ctx, tx, caseId, 'receipted', body.notice_date);
  });
  return getFiling(ctx, s);
}

/** `PUT …/filing/receipt/{rid}/`: the receipt corrected (a new scan releases the old one). */
export async function putReceipt(
  ctx: AppContext,
  s: CaseScope,
  receiptId: number,
  body: TReceiptRequest,
): Promise<TFiling> {
  const caseId = s.caseRow.id;
  const today = await customerToday(ctx, s.customerId);
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const filing = await recordedFiling(tx, caseId);
    const old = await ownReceipt(tx, caseId, receiptId);
    const number = await checkReceipt(tx, caseId, filing.mailedOn, today, body, receiptId);
    const now = ctx.clock.now();
    const ref = receiptRef(receiptId);
    if (old.noticeUploadId !== body.notice_upload_id) {
      if (body.notice_upload_id !== null) {
        await attachUpload(tx, {
          customerId: s.customerId,
          projectCode: s.projectCode,
          uploadId: body.notice_upload_id,
          ref,
          now,
        });
      }
      if (old.noticeUploadId !== null) {
        await detachUpload(tx, { customerId: s.customerId, uploadId: old.noticeUploadId, ref, now });
      }
    }
    await tx
      .update(filingReceipt)
      .set({
        form: body.form,
        receiptNumber: number,
        noticeDate: body.notice_date,
        premium: body.premium,
        noticeUploadId: body.notice_upload_id,
        // A corrected number is asked about again.
        ...(number !== old.receiptNumber && !old.closed ? { nextPollAt: now, pollFailures: 0 } : {}),
        version: sql`${filingReceipt.version} + 1`,
        updatedAt: now,
      })
      .where(eq(filingReceipt.id, receiptId));
  });
  return getFiling(ctx, s);
}

/** `DELETE …/filing/receipt/{rid}/`: with its history; the last one gone, `receipted` goes back to `mailed`. */
export async function deleteReceipt(ctx: AppContext, s: CaseScope, receiptId: number): Promise<TFiling> {
  const caseId = s.caseRow.id;
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const filing = await recordedFiling(tx, caseId);
    const old = await ownReceipt(tx, caseId, receiptId);
    const now = ctx.clock.now();
    if (old.noticeUploadId !== null) {
      await detachUpload(tx, {
        customerId: s.customerId,
        uploadId: old.noticeUploadId,
        ref: receiptRef(receiptId),
        now,
      });
    }
    await tx.delete(filingReceipt).where(eq(filingReceipt.id, receiptId));
    const [n] = await tx.select({ n: count() }).from(filingReceipt).where(eq(filingReceipt.caseId, caseId));
    if ((n?.n ?? 0) === 0 && stageOf(filing) === 'receipted') {
      await setFilingStage(ctx, tx, caseId, 'mailed', filing.mailedOn);
    }
  });
  return getFiling(ctx, s);
}

/**
 * `POST …/filing/receipt/{rid}/status/`: a status the customer read (on the notice or USCIS's page), recorded
 * through the poller's `recordStatus` (one history row, the receipt's status; a closed code closes the receipt). Not
 * notified: the customer typed it. The day neither before the mailing nor in the future.
 */
export async function manualStatus(
  ctx: AppContext,
  s: CaseScope,
  receiptId: number,
  body: TManualStatusRequest,
): Promise<TFiling> {
  const caseId = s.caseRow.id;
  const today = await customerToday(ctx, s.customerId);
  await ctx.db.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const filing = await recordedFiling(tx, caseId);
    await ownReceipt(tx, caseId, receiptId);
    if (body.occurred_on > today || body.occurred_on < filing.mailedOn) {
      throw fail(400, E.dateInvalid, { date: body.occurred_on });
    }
    await recordStatus(
      ctx,
      {
        receiptId,
        statusCode: body.status_code,
        statusText: body.text,
        source: 'manual',
        occurredOn: body.occurred_on,
        notify: false,
      },
      tx,
    );
    if (CLOSED_CASE_STATUS_CODES.has(body.status_code)) {
      await tx.update(filingReceipt).set({ nextPollAt: null }).where(eq(filingReceipt.id, receiptId));
    }
  });
  return getFiling(ctx, s);
}
