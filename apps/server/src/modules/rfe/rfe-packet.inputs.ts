import type { Locale, ProjectCode, TLetterDocument } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  caseDocument,
  caseFiling,
  caseRfe,
  filingReceipt,
  rfeFinding,
  rfeFindingExhibit,
  upload,
} from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { hasContent } from '../documents/document-content.ts';
import { referencesIn } from '../documents/reference-walk.ts';
import { snapshotIn } from '../filing/filing-view.ts';
import { numberCase } from '../numbering/case-numbering.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { digest, type PlannedExhibit, type PlannedFile, type UploadRow } from '../packet/packet.inputs.ts';
import { packetItemsOf } from '../packet/packet.items.ts';
import { blobKey } from '../uploads/uploads.blobs.ts';
import { numberRfe, type RfeNumbered } from './rfe-numbering.ts';

/**
 * What an RFE response packet is made of (decision 0080), read from the rows: the RFE and its notice, the findings
 * and their exhibits numbered as the workspace numbers them (rfe-numbering.ts: filed ones keep their number as
 * mailed, new ones continue the filed packet), the response letter (documents kind `rfe_response`), each printed
 * exhibit's files as the petition packet plans them, the problems that stop a build and the fingerprint of it all.
 */

const EMPTY: TLetterDocument = { type: 'doc', content: [] };

export type RfeRow = typeof caseRfe.$inferSelect;

export interface RfePacketExhibit {
  numbered: RfeNumbered;
  /** The folder's files as the petition packet plans them (null: the folder has no file). */
  planned: PlannedExhibit | null;
  title: string;
}

export interface RfePacketPlan {
  caseRow: CaseRow;
  projectCode: ProjectCode;
  rfe: RfeRow;
  receiptNumber: string | null;
  letter: TLetterDocument;
  /** Printed exhibits (new ones and reprinted filed ones), by number. */
  printed: RfePacketExhibit[];
  /** Filed exhibits only cited. */
  cited: RfePacketExhibit[];
  /** Every filed exhibit (folder id → number as mailed): the letter may cite any of them. */
  filed: Map<number, number>;
  /** The folders' files as planned (folder id → exhibit), for references to a file ("Exhibit 12.2"). */
  planned: Map<number, PlannedExhibit>;
  notice: UploadRow | null;
  uploads: Map<number, UploadRow>;
  /** Problems as codes with their values; `problemTexts` words them. */
  problems: Array<{ key: string; vars?: Record<string, string | number> }>;
  fingerprint: string;
}

/** The RFE of the case, or 404 not_found (another case's or another customer's id). */
export async function rfeOfCase(ctx: AppContext, caseId: number, rfeId: number): Promise<RfeRow> {
  const [row] = await ctx.db.db
    .select()
    .from(caseRfe)
    .where(and(eq(caseRfe.id, rfeId), eq(caseRfe.caseId, caseId)));
  if (!row) throw notFound();
  return row;
}

/** Every file of a printed exhibit, in packet order. */
const filesOf = (e: PlannedExhibit): PlannedFile[] => [...e.originals, ...e.translations];

export async function planRfePacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  rfeId: number,
): Promise<RfePacketPlan> {
  const db = ctx.db.db;
  const rfe = await rfeOfCase(ctx, caseRow.id, rfeId);
  const [filing, findings, links, rows, letterRow, receipts, caseRfes] = await Promise.all([
    db.select().from(caseFiling).where(eq(caseFiling.caseId, caseRow.id)),
    db
      .select()
      .from(rfeFinding)
      .where(and(eq(rfeFinding.rfeId, rfe.id), eq(rfeFinding.caseId, caseRow.id)))
      .orderBy(asc(rfeFinding.position), asc(rfeFinding.id)),
    db
      .select({
        findingId: rfeFindingExhibit.findingId,
        folderId: rfeFindingExhibit.folderId,
        reprint: rfeFindingExhibit.reprint,
        position: rfeFindingExhibit.position,
      })
      .from(rfeFindingExhibit)
      .innerJoin(rfeFinding, eq(rfeFinding.id, rfeFindingExhibit.findingId))
      .where(and(eq(rfeFinding.rfeId, rfe.id), eq(rfeFindingExhibit.caseId, caseRow.id))),
    loadCaseRows(db, caseRow.id),
    db
      .select()
      .from(caseDocument)
      .where(and(eq(caseDocument.caseId, caseRow.id), eq(caseDocument.kind, 'rfe_response'))),
    db
      .select({ id: filingReceipt.id, number: filingReceipt.receiptNumber, form: filingReceipt.form })
      .from(filingReceipt)
      .where(eq(filingReceipt.caseId, caseRow.id))
      .orderBy(asc(filingReceipt.id)),
    db.select({ id: caseRfe.id }).from(caseRfe).where(eq(caseRfe.caseId, caseRow.id)),
  ]);
  const filed = snapshotIn(filing[0]?.exhibitSnapshot)?.exhibits ?? [];
  const numbering = numberRfe(
    filed,
    findings.map((f) => ({
      position: f.position,
      exhibits: links
        .filter((l) => l.findingId === f.id)
        .map((l) => ({ folder_id: l.folderId, position: l.position, reprint: l.reprint })),
    })),
  );
  // The folders' files as the petition packet plans them (their own numbering's number is replaced).
  const planned = new Map(
    packetItemsOf(numberCase(rows)).exhibits.map((e) => [Number(e.id.slice('folder:'.length)), e]),
  );
  const folderName = new Map(rows.folders.map((f) => [f.id, f.nameEn ?? f.name]));
  const filedName = new Map(filed.map((e) => [e.folder_id, e.name_en]));
  const exhibitOf = (n: RfeNumbered): RfePacketExhibit => {
    const p = planned.get(n.folderId) ?? null;
    return {
      numbered: n,
      planned: p,
      title: folderName.get(n.folderId) ?? filedName.get(n.folderId) ?? n.label,
    };
  };
  const printed = numbering.printed.map(exhibitOf);
  const cited = [...numbering.byFolder.values()]
    .filter((n) => n.filed && !n.reprint)
    .sort((a, b) => a.number - b.number)
    .map(exhibitOf);
  // The response letter is the case's latest RFE's (contract rfe.ts): an earlier RFE's packet has none.
  const latest = Math.max(...caseRfes.map((r) => r.id));
  const letterDoc = latest === rfe.id ? letterRow[0] : undefined;
  const letter = (letterDoc?.content as TLetterDocument | undefined) ?? EMPTY;
  const receiptNumber =
    receipts.find((r) => r.id === rfe.receiptId)?.number ??
    receipts.find((r) => r.form === 'I-140')?.number ??
    receipts[0]?.number ??
    null;

  const ids = [
    ...(rfe.noticeUploadId === null ? [] : [rfe.noticeUploadId]),
    ...printed
      .flatMap((e) => (e.planned ? filesOf(e.planned) : []))
      .flatMap((f) => (f.uploadId === null ? [] : [f.uploadId])),
  ];
  const uploadRows = ids.length
    ? await db
        .select()
        .from(upload)
        .where(and(inArray(upload.id, ids), eq(upload.customerId, caseRow.customerId)))
    : [];
  const uploads = new Map(uploadRows.map((u) => [u.id, u]));
  const notice = rfe.noticeUploadId === null ? null : (uploads.get(rfe.noticeUploadId) ?? null);

  // What stops a build: no notice, an empty letter, a finding neither answered by an exhibit nor cited in the
  // letter, a printed exhibit without a file, a file not (yet) usable.
  const problems: RfePacketPlan['problems'] = [];
  if (!notice) problems.push({ key: 'notice_missing' });
  else if (notice.status !== 'ready' || !notice.pdfSha256) problems.push({ key: 'notice_unusable' });
  if (!hasContent(letter)) problems.push({ key: 'letter_empty' });
  if (findings.length === 0) problems.push({ key: 'findings_none' });
  // Answered as the workspace counts it (rfe.service.ts): at least one exhibit. The letter has no reference kind
  // that names a finding, so "cited in the letter" cannot be told from its content (decision 0080).
  for (const f of findings) {
    if (!links.some((l) => l.findingId === f.id)) {
      problems.push({ key: 'finding_unanswered', vars: { n: f.position } });
    }
  }
  for (const e of printed) {
    if (!e.planned) {
      problems.push({ key: 'exhibit_no_file', vars: { label: e.numbered.label, name: e.title } });
      continue;
    }
    for (const file of filesOf(e.planned)) {
      const u = file.uploadId === null ? undefined : uploads.get(file.uploadId);
      if (u?.status !== 'ready' || !u.pdfSha256) {
        problems.push({ key: 'exhibit_file_unusable', vars: { label: e.numbered.label, name: file.name } });
      }
    }
  }
  // A reference of the letter must print a number: an exhibit of this response (printed or cited) or one filed with
  // the petition (cited by its number as mailed); anything else would print nothing.
  const filedFolders = new Set(filed.map((e) => e.folder_id));
  const resolvable = new Set<string>();
  for (const [folderId, p] of planned) {
    if (!numbering.byFolder.has(folderId) && !filedFolders.has(folderId)) continue;
    resolvable.add(p.id);
    for (const part of p.parts) resolvable.add(part.id);
  }
  for (const id of [...numbering.byFolder.keys(), ...filedFolders]) resolvable.add(`folder:${id}`);
  const unresolved = new Set(
    referencesIn(letter)
      .filter((r) => r.kind === 'exhibit' && !resolvable.has(r.id))
      .map((r) => r.id),
  );
  if (unresolved.size > 0) problems.push({ key: 'letter_reference', vars: { count: unresolved.size } });
  const fingerprint = digest([
    rfe.id,
    rfe.noticeUploadId,
    rfe.receiptId,
    receiptNumber,
    caseRow.profile,
    letterDoc?.version ?? null,
    printed.map((e) => [e.numbered, e.planned, e.title]),
    cited.map((e) => [e.numbered, e.title]),
    uploadRows.map((u) => [u.id, u.status, u.pdfSha256]).sort((a, b) => Number(a[0]) - Number(b[0])),
  ]);
  return {
    caseRow,
    projectCode,
    rfe,
    receiptNumber,
    letter,
    printed,
    cited,
    filed: new Map(filed.map((e) => [e.folder_id, e.number])),
    planned,
    notice,
    uploads,
    problems,
    fingerprint,
  };
}

/** The problems in the caller's language. */
export const problemTexts = (plan: Pick<RfePacketPlan, 'problems'>, locale: Locale): string[] =>
  plan.problems.map((p) => translate(locale, `rfe:packet.problem.${p.key}`, p.vars ?? {}));

/** The stored normalised PDF of an upload, or null when it is gone. */
export async function uploadBytes(ctx: AppContext, u: UploadRow): Promise<Uint8Array | null> {
  if (!u.pdfSha256) return null;
  return ctx.storage.read(blobKey(u.customerId, u.pdfSha256));
}
