import { EXHIBIT_ORDER_MODES, type ExhibitOrderMode, PETITION_DOCUMENT_KINDS } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inReadScope, scopedRead } from '../../db/read-scope.ts';
import {
  evidenceCriteria,
  evidenceFile,
  evidenceFolder,
  exhibitOrder,
  planAttachment,
  recommendationLetter,
} from '../../db/schema/index.ts';
import { type Claim, claimIn } from '../evidence/criteria.service.ts';
import { type CaseNumbering, type NumberingRows, numberCase } from './case-numbering.ts';
import { type DocumentRow, documentRows } from './document-rows.ts';

export type { DocumentRow };

/** The exhibit order as stored (no row: 'criterion', version 0). */
export interface ExhibitOrderSetting {
  mode: ExhibitOrderMode;
  sequence: number[];
  version: number;
}

export function orderIn(row: typeof exhibitOrder.$inferSelect | undefined): ExhibitOrderSetting {
  const mode = (EXHIBIT_ORDER_MODES as readonly string[]).includes(row?.mode ?? '')
    ? (row!.mode as ExhibitOrderMode)
    : 'criterion';
  return { mode, sequence: row?.sequence ?? [], version: row?.version ?? 0 };
}

/** The case's rows the numbering, the checklist and the packet read: each table once, read together. */
export interface CaseRows extends NumberingRows {
  claim: Claim;
  claimRow: typeof evidenceCriteria.$inferSelect | undefined;
  orderSetting: ExhibitOrderSetting;
  /** The case's documents (both kinds) when asked for; otherwise the petition letter only when the order needs it. */
  documents: DocumentRow[];
}

/**
 * Reads what the numbering is a function of. `documents: true` reads both documents (the packet, the checklist);
 * otherwise the petition letter is read only when the exhibit order follows it (`first_cited`). `order: false`
 * numbers in the default order without reading the setting: for callers that only ask whether a reference has a
 * number at all, which no order changes (the schedule's stages, read by the kept case summary; decision 0042).
 */
export function loadCaseRows(
  db: Db,
  caseId: number,
  opts: { documents?: boolean; order?: boolean } = {},
): Promise<CaseRows> {
  // One read per operation (db/read-scope.ts): the packet's request and build ask for these rows several times,
  // in more than one variant (the review's targets without the order, the plan with the documents). Inside a
  // scope every variant is answered from one read of them all; outside, each call reads what it asks for.
  if (!inReadScope()) return readCaseRows(db, caseId, opts);
  return scopedRead(`case-rows:${caseId}`, () => readCaseRows(db, caseId, ALL)).then((all) =>
    variantOf(all, opts),
  );
}

const ALL = { documents: true, order: true } as const;

/** What `readCaseRows(db, caseId, opts)` answers, taken from a read with `ALL` (the rows are shared, not copied). */
export function variantOf(all: CaseRows, opts: { documents?: boolean; order?: boolean }): CaseRows {
  if (opts.documents && opts.order !== false) return all;
  const orderSetting = opts.order === false ? orderIn(undefined) : all.orderSetting;
  const documents = opts.documents
    ? all.documents
    : orderSetting.mode === 'first_cited'
      ? all.documents.filter((d) => d.kind === 'petition_letter')
      : [];
  return {
    ...all,
    order: orderSetting,
    orderSetting,
    petitionLetter: documents.find((d) => d.kind === 'petition_letter')?.content ?? null,
    documents,
  };
}

async function readCaseRows(
  db: Db,
  caseId: number,
  opts: { documents?: boolean; order?: boolean },
): Promise<CaseRows> {
  const [claimRows, folders, files, letters, attachments, orderRows, docs] = await Promise.all([
    db.select().from(evidenceCriteria).where(eq(evidenceCriteria.caseId, caseId)),
    db.select().from(evidenceFolder).where(eq(evidenceFolder.caseId, caseId)),
    db.select().from(evidenceFile).where(eq(evidenceFile.caseId, caseId)),
    db.select().from(recommendationLetter).where(eq(recommendationLetter.caseId, caseId)),
    db.select().from(planAttachment).where(eq(planAttachment.caseId, caseId)),
    opts.order === false ? [] : db.select().from(exhibitOrder).where(eq(exhibitOrder.caseId, caseId)),
    // The petition's documents (not the RFE response letter, numbered by its RFE: decision 0077).
    opts.documents ? documentRows(db, caseId, PETITION_DOCUMENT_KINDS) : [],
  ]);
  const claim = claimIn(claimRows[0]);
  const orderSetting = orderIn(orderRows[0]);
  let documents: DocumentRow[] = docs;
  if (!opts.documents && orderSetting.mode === 'first_cited') {
    documents = await documentRows(db, caseId, ['petition_letter']);
  }
  return {
    claim,
    claimRow: claimRows[0],
    claimed: claim.claimed,
    folders,
    files,
    letters,
    attachments,
    order: orderSetting,
    orderSetting,
    petitionLetter: documents.find((d) => d.kind === 'petition_letter')?.content ?? null,
    documents,
  };
}

/** The numbering of a case, read now. */
export async function caseNumbering(db: Db, caseId: number): Promise<CaseNumbering> {
  return numberCase(await loadCaseRows(db, caseId));
}
