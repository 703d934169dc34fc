import { createHash } from 'node:crypto';
import type { FeeKey, Locale, ProjectCode, TLetterDocument, TPacketProblem } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload } from '../../db/schema/index.ts';
import { type CaseRow, categoryOf, contextOf } from '../case/case.service.ts';
import { eta9089Row, signedUploads } from '../case/eta9089-signed.service.ts';
import { editionRowsOf, inForce } from '../forms/editions.service.ts';
import { filingStates } from '../forms/immigration-data.service.ts';
import { type CaseNumbering, numberCase } from '../numbering/case-numbering.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { type UnresolvedReference, unresolvedReferences } from '../numbering/unresolved.ts';
import { type PacketItems, type PlannedFile, packetItemsOf } from './packet.items.ts';

export type { PlannedExhibit, PlannedFile } from './packet.items.ts';

import { blobKey } from '../uploads/uploads.blobs.ts';

/**
 * What a packet is built from, without the bytes (decision 0027): the same walk gives the fingerprint that
 * decides `ready`/`stale` on read, the per-file problems that refuse a build, and the list the job loads.
 * Exhibits are the numbered evidence folders in exhibit order, their files in order; letters with their signed
 * letter and plan attachments in their order — numbers from the case's one numbering (modules/numbering), read
 * from the same rows. Every file is an upload whose normalised PDF is stored content-addressed.
 */

export type UploadRow = typeof upload.$inferSelect;

export interface PacketPlan {
  caseRow: CaseRow;
  projectCode: ProjectCode;
  forms: Array<{
    id: number;
    formNumber: string;
    payment: FeeKey | undefined;
    complete: boolean;
    key: string;
  }>;
  exhibits: PacketItems['exhibits'];
  letters: PacketItems['letters'];
  attachments: PacketItems['attachments'];
  /**
   * NIW: the signed Form ETA-9089 with Appendix A, then the Final Determination when given (decision 0060): one
   * form of the packet, placed right after the I-140. Empty for EB-1A and until uploaded.
   */
  eta9089: PlannedFile[];
  numbering: CaseNumbering;
  /** References of the petition letter and the plan that print no number (the checklist blocks on them). */
  unresolved: UnresolvedReference[];
  petitionLetter: TLetterDocument;
  planDoc: TLetterDocument;
  uploads: Map<number, UploadRow>;
  /** What decides the filing address (decision 0067): the I-140's work state (Part 6 9.d) and home state (Part 1 3.e). */
  whereToFile: { workState: string | null; homeState: string | null };
  fingerprint: string;
}

export const PAYMENT_FORMS = new Set(['G-1450', 'G-1650']);
const EMPTY: TLetterDocument = { type: 'doc', content: [] };

export async function planPacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
): Promise<PacketPlan> {
  const db = ctx.db.db;
  const cc = await contextOf(ctx, caseRow, projectCode);
  // The case's rows, read together and once (a build and the request that queues it both plan; decision 0044);
  // the numbering is computed from them, once.
  const [states, rows, eta, editions] = await Promise.all([
    filingStates(ctx, caseRow, cc),
    loadCaseRows(db, caseRow.id, { documents: true }),
    categoryOf(projectCode) === 'NIW' ? eta9089Row(db, caseRow.id) : null,
    editionRowsOf(db, [...PAYMENT_FORMS, 'I-140', 'I-907', 'G-1145']),
  ]);
  // The edition staff published and in force on the filing date (issue 30 item 4): a publication changes the file.
  const published = (formNumber: string) => {
    const r = inForce(editions, formNumber, cc.today);
    return r ? [r.edition, r.blankSha256, r.effectiveFrom, r.publishedAt?.toISOString()] : null;
  };
  const numbering = numberCase(rows);
  const docs = rows.documents;
  // A payment form is filled once per payment (its amount); the filled PDF depends on the row, the profile it
  // binds and the settings (the filled-form cache key).
  const forms = states.flatMap(({ row, state }) =>
    (PAYMENT_FORMS.has(row.formNumber) ? cc.payments.map((p) => p.key) : [undefined]).map((payment) => ({
      id: row.id,
      formNumber: row.formNumber,
      payment,
      complete: state.status === 'complete',
      key: digest([
        row.id,
        row.edition,
        row.version,
        row.data,
        row.overrides,
        caseRow.profile,
        cc.payments,
        payment,
        published(row.formNumber),
      ]),
    })),
  );

  const { exhibits, letters, attachments } = packetItemsOf(numbering);
  const eta9089: PlannedFile[] = signedUploads(eta).map((u) => ({
    part: `eta9089_${u.kind}`,
    name: translate('en', `packet:outline.eta9089_${u.kind}`),
    tab: 'form',
    uploadId: u.uploadId,
  }));

  const docOf = (kind: string) => (docs.find((d) => d.kind === kind)?.content as TLetterDocument) ?? EMPTY;

  const ids = [
    ...exhibits.flatMap((e) => [...e.originals, ...e.translations]),
    ...letters.flatMap(letterFiles),
    ...attachments.flatMap((a) => [a.file, ...(a.translation ? [a.translation] : [])]),
    ...eta9089,
  ]
    .map((f) => f.uploadId)
    .filter((id): id is number => id !== null);
  const uploadRows = ids.length ? await db.select().from(upload).where(inArray(upload.id, ids)) : [];
  const uploads = new Map(uploadRows.map((u) => [u.id, u]));

  const i140 = states.find((s) => s.row.formNumber === 'I-140')?.state.values ?? {};
  const stateOf = (id: string) => (typeof i140[id] === 'string' && i140[id] ? (i140[id] as string) : null);
  const petitionLetter = docOf('petition_letter');
  const planDoc = docOf('us_plan');
  const plan = {
    caseRow,
    projectCode,
    forms,
    exhibits,
    letters,
    attachments,
    eta9089,
    numbering,
    unresolved: [
      ...unresolvedReferences('petition_letter', petitionLetter, numbering.targets),
      ...unresolvedReferences('us_plan', planDoc, numbering.targets),
    ],
    petitionLetter,
    planDoc,
    uploads,
    whereToFile: { workState: stateOf('p6.9d'), homeState: stateOf('p1.3e') },
  };
  const fingerprint = digest([
    categoryOf(projectCode),
    caseRow.profile,
    caseRow.premiumProcessing,
    caseRow.paymentMethod,
    caseRow.highlightName,
    rows.claim.claimed,
    forms,
    exhibits,
    letters,
    attachments,
    eta9089,
    docs.map((d) => [d.kind, d.version]),
    uploadRows.map((u) => [u.id, u.status, u.pdfSha256]).sort((a, b) => Number(a[0]) - Number(b[0])),
  ]);
  return { ...plan, fingerprint };
}

/** Every file of the plan, in packet order. */
export function plannedFiles(plan: PacketPlan): PlannedFile[] {
  return [
    ...plan.eta9089,
    ...plan.exhibits.flatMap((e) => [...e.originals, ...e.translations]),
    ...plan.letters.flatMap(letterFiles),
    ...plan.attachments.flatMap((a) => [a.file, ...(a.translation ? [a.translation] : [])]),
  ];
}

/** A letter's files in packet order: the letter, its translation, the recommender's CV and its translation. */
function letterFiles(l: PacketPlan['letters'][number]): PlannedFile[] {
  return [l.file, l.translation, l.cv, l.cvTranslation].filter((f): f is PlannedFile => f !== null);
}

/**
 * Files that cannot go into the packet (item 6): an upload gone, refused by the normaliser (its reason), still
 * being checked, or whose normalised PDF is missing or damaged in storage. One storage stat per file.
 */
export async function packetProblems(
  ctx: AppContext,
  plan: PacketPlan,
  locale: Locale,
): Promise<TPacketProblem[]> {
  const t = (key: string, v: Record<string, string>) => translate(locale, `errors:${key}`, v);
  // Each file checked at once (the stored objects are looked at together); problems listed in plan order.
  const found = await Promise.all(
    plannedFiles(plan).map(async (f): Promise<TPacketProblem | null> => {
      const u = f.uploadId === null ? undefined : plan.uploads.get(f.uploadId);
      const file = u?.originalName ?? '';
      const problem = (code: string, msg: string) => ({
        part: f.part,
        name: f.name,
        file,
        code,
        msg,
        tab: f.tab,
      });
      if (!u) return problem('packet_file_gone', t('packet_file_gone', { name: f.name }));
      if (u.status === 'refused')
        return problem(
          u.refusalCode ?? 'packet_file_refused',
          (locale === 'zh' ? u.refusalZh : u.refusalEn) ?? t('packet_file_refused', { name: file }),
        );
      if (u.status !== 'ready' || !u.pdfSha256)
        return problem('packet_file_checking', t('packet_file_checking', { name: file }));
      const stored = await ctx.storage.stat(blobKey(u.customerId, u.pdfSha256));
      if (!stored || (u.pdfSize !== null && stored.size !== u.pdfSize))
        return problem('packet_file_damaged', t('packet_file_damaged', { name: file }));
      return null;
    }),
  );
  return found.filter((p): p is TPacketProblem => p !== null);
}

export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
