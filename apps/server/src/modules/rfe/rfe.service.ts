import {
  type Criterion,
  EB1A_CATEGORIES,
  ErrorCode,
  type Locale,
  NIW_CATEGORIES,
  NIW_PRONGS,
  RFE_DEFAULT_RESPONSE_DAYS,
  RFE_FINDINGS_MAX,
  RFES_MAX,
  RfeErrorCode,
  type TFindingExhibitsRequest,
  type TFindingRequest,
  type TRfe,
  type TRfeRequest,
  type TRfeUpdateRequest,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  caseDocument,
  caseFiling,
  caseRfe,
  evidenceFile,
  evidenceFolder,
  filingReceipt,
  rfeFinding,
  rfeFindingExhibit,
  upload,
} from '../../db/schema/index.ts';
import { referenceLabel } from '../../pdf/packet/packet-documents.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { customerToday } from '../customer/customer.clock.ts';
import { referencesIn } from '../documents/reference-walk.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { filedExhibits, setFilingStage } from '../filing/filing.service.ts';
import { attachUpload, detachUpload } from '../uploads/uploads.attach.ts';
import { rfeChecklist } from './rfe-checklist.ts';
import { type FiledExhibit, numberRfe, type RfeNumbering } from './rfe-numbering.ts';

type RfeRow = typeof caseRfe.$inferSelect;

/** An RFE rule broken: 409 with the `rfe` namespace's message in the caller's language. */
export const rfeError = (code: string, status = 409) =>
  new AppError(status, code, `rfe:server.errors.${code}`);

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
export const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round(dayNumber(to) - dayNumber(from));

/** The filed packet's exhibits as mailed (case_filing.exhibit_snapshot); [] without one. */
export async function filedExhibitsOf(db: Db, caseId: number): Promise<FiledExhibit[]> {
  return (await filedExhibits(db, caseId)) ?? [];
}

/** The criteria a finding may name: the program's categories, and the Dhanasar prongs for NIW. */
export function findingCriteria(projectCode: string): readonly string[] {
  return projectCode === 'USA_NIW' ? [...NIW_CATEGORIES, ...NIW_PRONGS] : [...EB1A_CATEGORIES];
}

async function rfeOf(db: Db, s: CaseScope, rfeId: number, lock = false): Promise<RfeRow> {
  const q = db
    .select()
    .from(caseRfe)
    .where(and(eq(caseRfe.id, rfeId), eq(caseRfe.caseId, s.caseRow.id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

async function findingsOf(db: Db, rfeId: number) {
  return db.select().from(rfeFinding).where(eq(rfeFinding.rfeId, rfeId)).orderBy(asc(rfeFinding.position));
}

async function exhibitRowsOf(db: Db, rfeId: number) {
  return db
    .select({
      findingId: rfeFindingExhibit.findingId,
      folderId: rfeFindingExhibit.folderId,
      reprint: rfeFindingExhibit.reprint,
      position: rfeFindingExhibit.position,
    })
    .from(rfeFindingExhibit)
    .innerJoin(rfeFinding, eq(rfeFinding.id, rfeFindingExhibit.findingId))
    .where(eq(rfeFinding.rfeId, rfeId))
    .orderBy(asc(rfeFindingExhibit.findingId), asc(rfeFindingExhibit.position));
}

/** The numbering of an RFE's response (decision 0077): for the response letter's references and H5's packet. */
export async function rfeNumbering(
  ctx: { db: { db: Db } },
  caseId: number,
  rfeId: number,
): Promise<RfeNumbering> {
  const db = ctx.db.db;
  const filed = await filedExhibitsOf(db, caseId);
  const findings = await db
    .select()
    .from(rfeFinding)
    .where(and(eq(rfeFinding.rfeId, rfeId), eq(rfeFinding.caseId, caseId)));
  const rows = await exhibitRowsOf(db, rfeId);
  return numberRfe(
    filed,
    findings.map((f) => ({
      position: f.position,
      exhibits: rows
        .filter((r) => r.findingId === f.id)
        .map((r) => ({ folder_id: r.folderId, position: r.position, reprint: r.reprint })),
    })),
  );
}

/** The case's latest RFE (the one the `rfe_response` document answers, decision 0077); null without one. */
export async function latestRfeId(ctx: { db: { db: Db } }, caseId: number): Promise<number | null> {
  const [row] = await ctx.db.db
    .select({ id: caseRfe.id })
    .from(caseRfe)
    .where(eq(caseRfe.caseId, caseId))
    .orderBy(sql`${caseRfe.id} desc`)
    .limit(1);
  return row?.id ?? null;
}

/** Every `text` of a document's content (the response letter), joined. */
function documentText(content: unknown): string {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) for (const x of n) walk(x);
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>;
      if (typeof o.text === 'string') out.push(o.text);
      for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
    }
  };
  walk(content);
  return out.join(' ').trim();
}

async function view(
  ctx: AppContext,
  s: CaseScope,
  row: RfeRow,
  today: string,
  latest: number | null,
): Promise<TRfe> {
  const db = ctx.db.db;
  const findings = await findingsOf(db, row.id);
  const links = await exhibitRowsOf(db, row.id);
  const filed = await filedExhibitsOf(db, s.caseRow.id);
  const numbering = numberRfe(
    filed,
    findings.map((f) => ({
      position: f.position,
      exhibits: links
        .filter((r) => r.findingId === f.id)
        .map((r) => ({ folder_id: r.folderId, position: r.position, reprint: r.reprint })),
    })),
  );
  const folderIds = [...numbering.byFolder.keys()];
  const folders = folderIds.length
    ? await db
        .select({ id: evidenceFolder.id, name: evidenceFolder.name, nameEn: evidenceFolder.nameEn })
        .from(evidenceFolder)
        .where(and(eq(evidenceFolder.caseId, s.caseRow.id), inArray(evidenceFolder.id, folderIds)))
    : [];
  const pageRows = folderIds.length
    ? await db
        .select({
          folderId: evidenceFile.folderId,
          pages: sql<number>`coalesce(sum(${upload.pages}), 0)::int`,
        })
        .from(evidenceFile)
        .innerJoin(upload, eq(upload.id, evidenceFile.originalUploadId))
        .where(
          and(
            eq(evidenceFile.caseId, s.caseRow.id),
            inArray(evidenceFile.folderId, folderIds),
            eq(upload.status, 'ready'),
          ),
        )
        .groupBy(evidenceFile.folderId)
    : [];
  const pages = new Map(pageRows.map((p) => [p.folderId, Number(p.pages)]));
  const folderById = new Map(folders.map((f) => [f.id, f]));
  const exhibit = (folderId: number, reprint: boolean) => {
    const n = numbering.byFolder.get(folderId)!;
    const f = folderById.get(folderId);
    return {
      folder_id: folderId,
      number: n.number,
      label: n.label,
      filed: n.filed,
      reprint: n.filed && reprint,
      name: f?.name ?? '',
      name_en: f?.nameEn ?? null,
      pages: Math.min(pages.get(folderId) ?? 0, 100_000),
    };
  };
  let letter = '';
  /** The folders the response letter cites (a folder reference, or one of its files'). */
  const citedFolders = new Set<number>();
  if (latest === row.id) {
    const [doc] = await db
      .select({ content: caseDocument.content })
      .from(caseDocument)
      .where(and(eq(caseDocument.caseId, s.caseRow.id), eq(caseDocument.kind, 'rfe_response')));
    letter = doc ? documentText(doc.content) : '';
    const refs = doc ? referencesIn(doc.content).filter((r) => r.kind === 'exhibit') : [];
    const fileIds = refs.filter((r) => r.id.startsWith('file:')).map((r) => Number(r.id.slice(5)));
    for (const r of refs) if (r.id.startsWith('folder:')) citedFolders.add(Number(r.id.slice(7)));
    const files = fileIds.length
      ? await db
          .select({ folderId: evidenceFile.folderId })
          .from(evidenceFile)
          .where(and(eq(evidenceFile.caseId, s.caseRow.id), inArray(evidenceFile.id, fileIds)))
      : [];
    for (const f of files) citedFolders.add(f.folderId);
  }
  const findingViews = findings.map((f) => {
    const mine = links.filter((l) => l.findingId === f.id).sort((a, b) => a.position - b.position);
    const cited = mine.length > 0;
    return {
      id: f.id,
      position: f.position,
      mode: f.mode as 'quoted' | 'summary',
      text: f.text,
      criterion: f.criterion,
      note: f.note,
      exhibits: mine.map((l) => exhibit(l.folderId, l.reprint)),
      answered: cited,
      cited: mine.some((l) => citedFolders.has(l.folderId)),
    };
  });
  const daysLeft = Math.max(-100_000, Math.min(100_000, daysBetween(today, row.dueDate)));
  const newExhibits = numbering.printed
    .filter((e) => !e.filed)
    .map((e) => ({
      number: e.number,
      label: referenceLabel(s.locale as Locale, 'exhibit', e.number),
      pages: pages.get(e.folderId) ?? 0,
    }));
  return {
    id: row.id,
    kind: row.kind as 'rfe' | 'noid',
    receipt_id: row.receiptId,
    notice_date: row.noticeDate,
    due_date: row.dueDate,
    notice_upload_id: row.noticeUploadId,
    responded_on: row.respondedOn,
    status: row.status as 'open' | 'responded' | 'closed',
    version: row.version,
    days_left: daysLeft,
    findings: findingViews,
    exhibits: numbering.printed.map((e) => exhibit(e.folderId, e.reprint)),
    filed_exhibits: Math.min(numbering.filedLast, 10_000),
    checklist: rfeChecklist(s.locale, {
      findings: findingViews,
      daysLeft,
      letterWritten: letter.length > 0,
      noticeUploaded: row.noticeUploadId !== null,
      newExhibits,
    }),
  };
}

export async function rfeView(ctx: AppContext, s: CaseScope, rfeId: number): Promise<TRfe> {
  const row = await rfeOf(ctx.db.db, s, rfeId);
  return view(ctx, s, row, await customerToday(ctx, s.customerId), await latestRfeId(ctx, s.caseRow.id));
}

export async function listRfes(ctx: AppContext, s: CaseScope): Promise<{ items: TRfe[] }> {
  const rows = await ctx.db.db
    .select()
    .from(caseRfe)
    .where(eq(caseRfe.caseId, s.caseRow.id))
    .orderBy(asc(caseRfe.id));
  const today = await customerToday(ctx, s.customerId);
  const latest = rows.at(-1)?.id ?? null;
  return { items: await Promise.all(rows.map((r) => view(ctx, s, r, today, latest))) };
}

const reply = async (ctx: AppContext, s: CaseScope, rfeId: number, key: string) => ({
  ...(await rfeView(ctx, s, rfeId)),
  msg: translate(s.locale as Locale, `rfe:server.saved.${key}`),
});

/** Dates, receipt and notice of an RFE request, checked; returns the values to store. */
async function checkRequest(ctx: AppContext, db: Db, s: CaseScope, body: TRfeRequest, today: string) {
  if (body.notice_date > today) throw rfeError(RfeErrorCode.dateInvalid);
  const due = body.due_date ?? addDays(body.notice_date, RFE_DEFAULT_RESPONSE_DAYS);
  if (due < body.notice_date) throw rfeError(RfeErrorCode.dateInvalid);
  if (body.receipt_id !== null) {
    const [r] = await db
      .select({ id: filingReceipt.id })
      .from(filingReceipt)
      .where(and(eq(filingReceipt.id, body.receipt_id), eq(filingReceipt.caseId, s.caseRow.id)));
    if (!r) throw notFound();
  }
  void ctx;
  return {
    kind: body.kind,
    receiptId: body.receipt_id,
    noticeDate: body.notice_date,
    dueDate: due,
    noticeUploadId: body.notice_upload_id,
  };
}

const noticeRef = (rfeId: number) => `rfe:${rfeId}:notice`;

async function swapNotice(
  db: Db,
  s: CaseScope,
  rfeId: number,
  before: number | null,
  after: number | null,
  now: Date,
) {
  if (before === after) return;
  if (after !== null)
    await attachUpload(db, {
      customerId: s.customerId,
      projectCode: s.projectCode,
      uploadId: after,
      ref: noticeRef(rfeId),
      now,
    });
  if (before !== null)
    await detachUpload(db, { customerId: s.customerId, uploadId: before, ref: noticeRef(rfeId), now });
}

export async function createRfe(ctx: AppContext, s: CaseScope, body: TRfeRequest) {
  const today = await customerToday(ctx, s.customerId);
  const now = ctx.clock.now();
  const id = await ctx.db.db.transaction(async (tx) => {
    const [filing] = await tx
      .select()
      .from(caseFiling)
      .where(eq(caseFiling.caseId, s.caseRow.id))
      .for('update');
    if (!filing?.mailedOn) throw rfeError(RfeErrorCode.notFiled);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(caseRfe)
      .where(eq(caseRfe.caseId, s.caseRow.id));
    if (Number(n) >= RFES_MAX)
      throw new AppError(409, ErrorCode.conflict, 'rfe:server.errors.rfes_max', { max: RFES_MAX });
    const v = await checkRequest(ctx, tx, s, body, today);
    const [row] = await tx
      .insert(caseRfe)
      .values({ caseId: s.caseRow.id, ...v, noticeUploadId: null, createdAt: now, updatedAt: now })
      .returning({ id: caseRfe.id });
    await swapNotice(tx, s, row!.id, null, v.noticeUploadId, now);
    if (v.noticeUploadId !== null)
      await tx.update(caseRfe).set({ noticeUploadId: v.noticeUploadId }).where(eq(caseRfe.id, row!.id));
    await setFilingStage(ctx, tx, s.caseRow.id, 'rfe', v.noticeDate);
    return row!.id;
  });
  return reply(ctx, s, id, 'rfe_created');
}

function checkVersion(row: RfeRow, version: number) {
  if (row.version !== version)
    throw new AppError(
      409,
      RfeErrorCode.conflict,
      `rfe:server.errors.${RfeErrorCode.conflict}`,
      {},
      { current_version: row.version },
    );
}

export async function updateRfe(ctx: AppContext, s: CaseScope, rfeId: number, body: TRfeUpdateRequest) {
  const today = await customerToday(ctx, s.customerId);
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    const row = await rfeOf(tx, s, rfeId, true);
    const v = await checkRequest(ctx, tx, s, body, today);
    if (body.responded_on !== null && (body.responded_on < v.noticeDate || body.responded_on > today))
      throw rfeError(RfeErrorCode.dateInvalid);
    // Nested ids first (404 for another's upload whatever the version), then the version (the swap rolls back).
    await swapNotice(tx, s, rfeId, row.noticeUploadId, v.noticeUploadId, now);
    checkVersion(row, body.version);
    await tx
      .update(caseRfe)
      .set({
        ...v,
        respondedOn: body.responded_on,
        status: body.status,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(caseRfe.id, rfeId));
  });
  return reply(ctx, s, rfeId, 'rfe_saved');
}

export async function deleteRfe(ctx: AppContext, s: CaseScope, rfeId: number) {
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    const row = await rfeOf(tx, s, rfeId, true);
    await swapNotice(tx, s, rfeId, row.noticeUploadId, null, now);
    await tx.delete(caseRfe).where(eq(caseRfe.id, rfeId));
  });
  return { msg: translate(s.locale as Locale, 'rfe:server.saved.rfe_deleted') };
}

const bump = (db: Db, rfeId: number, now: Date) =>
  db
    .update(caseRfe)
    .set({ version: sql`${caseRfe.version} + 1`, updatedAt: now })
    .where(eq(caseRfe.id, rfeId));

/** Places `id` at `position` (1-based; null = last) among the RFE's findings, keeping 1…n contiguous. */
async function placeFinding(db: Db, rfeId: number, id: number, position: number | null, now: Date) {
  const rows = await findingsOf(db, rfeId);
  const others = rows.filter((r) => r.id !== id).map((r) => r.id);
  const at = Math.min(position ?? others.length + 1, others.length + 1) - 1;
  others.splice(at, 0, id);
  // Two steps so no two rows share a position meanwhile (no unique index today, but keep it safe).
  for (const [i, fid] of others.entries())
    await db
      .update(rfeFinding)
      .set({ position: i + 1 + RFE_FINDINGS_MAX * 2, updatedAt: now })
      .where(eq(rfeFinding.id, fid));
  for (const [i, fid] of others.entries())
    await db
      .update(rfeFinding)
      .set({ position: i + 1 })
      .where(eq(rfeFinding.id, fid));
}

function checkFinding(s: CaseScope, body: TFindingRequest) {
  const criterion = body.criterion?.trim() || null;
  if (criterion !== null && !findingCriteria(s.projectCode).includes(criterion as Criterion))
    throw new AppError(400, ErrorCode.validation, 'errors:validation', { field: 'criterion' });
  return { mode: body.mode, text: body.text, criterion, note: body.note?.trim() || null };
}

export async function addFinding(ctx: AppContext, s: CaseScope, rfeId: number, body: TFindingRequest) {
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    await rfeOf(tx, s, rfeId, true);
    const v = checkFinding(s, body);
    const count = (await findingsOf(tx, rfeId)).length;
    if (count >= RFE_FINDINGS_MAX)
      throw new AppError(409, ErrorCode.conflict, 'rfe:server.errors.findings_max', {
        max: RFE_FINDINGS_MAX,
      });
    const [row] = await tx
      .insert(rfeFinding)
      .values({ rfeId, caseId: s.caseRow.id, position: count + 1, ...v, createdAt: now, updatedAt: now })
      .returning({ id: rfeFinding.id });
    await placeFinding(tx, rfeId, row!.id, body.position, now);
    await bump(tx, rfeId, now);
  });
  return reply(ctx, s, rfeId, 'finding_saved');
}

async function findingOf(db: Db, s: CaseScope, rfeId: number, findingId: number) {
  const [f] = await db
    .select()
    .from(rfeFinding)
    .where(
      and(eq(rfeFinding.id, findingId), eq(rfeFinding.rfeId, rfeId), eq(rfeFinding.caseId, s.caseRow.id)),
    );
  if (!f) throw notFound();
  return f;
}

export async function updateFinding(
  ctx: AppContext,
  s: CaseScope,
  rfeId: number,
  findingId: number,
  body: TFindingRequest,
) {
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    await rfeOf(tx, s, rfeId, true);
    await findingOf(tx, s, rfeId, findingId);
    const v = checkFinding(s, body);
    await tx
      .update(rfeFinding)
      .set({ ...v, updatedAt: now })
      .where(eq(rfeFinding.id, findingId));
    if (body.position !== null) await placeFinding(tx, rfeId, findingId, body.position, now);
    await bump(tx, rfeId, now);
  });
  return reply(ctx, s, rfeId, 'finding_saved');
}

export async function deleteFinding(ctx: AppContext, s: CaseScope, rfeId: number, findingId: number) {
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    await rfeOf(tx, s, rfeId, true);
    await findingOf(tx, s, rfeId, findingId);
    await tx.delete(rfeFinding).where(eq(rfeFinding.id, findingId));
    const rest = await findingsOf(tx, rfeId);
    for (const [i, f] of rest.entries())
      if (f.position !== i + 1)
        await tx
          .update(rfeFinding)
          .set({ position: i + 1 })
          .where(eq(rfeFinding.id, f.id));
    await bump(tx, rfeId, now);
  });
  return reply(ctx, s, rfeId, 'finding_deleted');
}

export async function setFindingExhibits(
  ctx: AppContext,
  s: CaseScope,
  rfeId: number,
  findingId: number,
  body: TFindingExhibitsRequest,
) {
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    await rfeOf(tx, s, rfeId, true);
    await findingOf(tx, s, rfeId, findingId);
    const ids = body.exhibits.map((e) => e.folder_id);
    if (new Set(ids).size !== ids.length)
      throw new AppError(400, ErrorCode.validation, 'errors:validation', { field: 'exhibits' });
    if (ids.length) {
      const mine = await tx
        .select({ id: evidenceFolder.id })
        .from(evidenceFolder)
        .where(and(eq(evidenceFolder.caseId, s.caseRow.id), inArray(evidenceFolder.id, ids)));
      // Another case's folder (or none): 404, never telling whether the id exists elsewhere.
      if (mine.length !== ids.length) throw notFound();
    }
    const filed = new Set((await filedExhibitsOf(tx, s.caseRow.id)).map((e) => e.folder_id));
    await tx.delete(rfeFindingExhibit).where(eq(rfeFindingExhibit.findingId, findingId));
    if (ids.length)
      await tx.insert(rfeFindingExhibit).values(
        body.exhibits.map((e, i) => ({
          findingId,
          folderId: e.folder_id,
          caseId: s.caseRow.id,
          // Reprint means something only for a filed exhibit; a new one is always in the packet.
          reprint: filed.has(e.folder_id) && e.reprint,
          position: i + 1,
        })),
      );
    await bump(tx, rfeId, now);
  });
  return reply(ctx, s, rfeId, 'exhibits_saved');
}
