import {
  DOCUMENT_VERSIONS_KEPT,
  type DocumentKind,
  DocumentErrorCode as E,
  type ServiceFirst,
  type TDocument,
  type TDocumentSaveRequest,
  type TDocumentVersion,
  type TDocumentVersionList,
  type TLetterDocument,
  ZLetterDocument,
} from '@dossier/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseDocument, caseDocumentVersion } from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';
import { assertEditable, type EditScope } from '../case/case-lock.ts';
import { checkContent, stored, textLength } from './document-content.ts';
import { caseTargets, numberingOf, referencesIn, resolve } from './numbering.ts';
import { responseRfeId, targetsFor } from './rfe-response.ts';

export { hasContent } from './document-content.ts';

/**
 * The US plan, the petition letter and the RFE response letter: save with optimistic concurrency, bounded history
 * (decision 0022); the response letter only while the case has an RFE (decision 0077).
 */

export type DocumentRow = typeof caseDocument.$inferSelect;
const EMPTY: TLetterDocument = { type: 'doc', content: [] };
const LOCK_SCOPE: Record<DocumentKind, EditScope> = {
  us_plan: 'plan',
  petition_letter: 'petition',
  rfe_response: 'petition',
};

/** Every route of kind rfe_response: 409 rfe_response_no_rfe (zh/en) while the case has no RFE. */
export async function assertKindAvailable(db: Db, caseId: number, kind: DocumentKind): Promise<void> {
  if (kind === 'rfe_response') await responseRfeId({ db: { db } }, caseId);
}

export async function documentRow(
  db: Db,
  caseId: number,
  kind: DocumentKind,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(caseDocument)
    .where(and(eq(caseDocument.caseId, caseId), eq(caseDocument.kind, kind)));
  return row;
}

/** The document as the editor loads it, with the current numbering of its references. */
export async function documentView(db: Db, caseId: number, kind: DocumentKind): Promise<TDocument> {
  const row = await documentRow(db, caseId, kind);
  const content = row ? stored(row.content) : EMPTY;
  return {
    kind,
    version: row?.version ?? 0,
    content,
    updated_at: row?.updatedAt.toISOString() ?? null,
    numbering: numberingOf(content, await targetsFor(db, caseId, kind)),
    service_first: serviceFirstOf(row),
  };
}

const serviceFirstOf = (row: DocumentRow | undefined): ServiceFirst | null =>
  row?.serviceFirst === 'review' || row?.serviceFirst === 'translation' ? row.serviceFirst : null;

/** Both add-ons whose order the customer chooses (item 7). */
const bothServices = (services: readonly string[]) =>
  services.includes('REVIEW') && services.includes('TRANSLATION');

/**
 * Item 7: submitting the petition letter (the schedule's petition stage) while both review and translation are
 * held needs the service order chosen first — 409 service_choice_required ("Please choose service used").
 */
export async function assertServiceChoice(
  db: Db,
  caseId: number,
  services: readonly string[],
): Promise<void> {
  if (!bothServices(services)) return;
  if (serviceFirstOf(await documentRow(db, caseId, 'petition_letter')) === null) {
    throw errorOf(409, E.serviceChoiceRequired);
  }
}

async function conflict(db: Db, caseId: number, kind: DocumentKind): Promise<AppError> {
  const current = await documentView(db, caseId, kind);
  return new AppError(
    409,
    E.versionConflict,
    `errors:${E.versionConflict}`,
    {},
    {
      current_version: current.version,
      current,
    },
  );
}

/** Writes `content` as version+1 if the stored version is still `expected`; adds the history row. */
async function write(
  ctx: AppContext,
  caseId: number,
  kind: DocumentKind,
  expected: number,
  content: TLetterDocument,
  history: { autosave: boolean; restoredFrom: number | null },
): Promise<void> {
  const now = ctx.clock.now();
  const stale = await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, caseId, LOCK_SCOPE[kind], tx);
    const [row] = await tx
      .select()
      .from(caseDocument)
      .where(and(eq(caseDocument.caseId, caseId), eq(caseDocument.kind, kind)))
      .for('update');
    if ((row?.version ?? 0) !== expected) return true;
    let doc: DocumentRow | undefined;
    if (row) {
      [doc] = await tx
        .update(caseDocument)
        .set({ version: expected + 1, content, updatedAt: now })
        .where(and(eq(caseDocument.id, row.id), eq(caseDocument.version, expected)))
        .returning();
    } else {
      [doc] = await tx
        .insert(caseDocument)
        .values({ caseId, kind, version: 1, content, updatedAt: now })
        .onConflictDoNothing()
        .returning();
    }
    if (!doc) return true;
    await addHistory(tx, doc, history, now);
    return false;
  });
  if (stale) throw await conflict(ctx.db.db, caseId, kind);
}

/** History: consecutive autosaves share one row; only the newest DOCUMENT_VERSIONS_KEPT rows are kept. */
async function addHistory(
  tx: Db,
  doc: DocumentRow,
  h: { autosave: boolean; restoredFrom: number | null },
  now: Date,
): Promise<void> {
  const values = {
    version: doc.version,
    content: doc.content,
    autosave: h.autosave,
    restoredFrom: h.restoredFrom,
    chars: textLength(doc.content),
    createdAt: now,
  };
  const [last] = await tx
    .select({ id: caseDocumentVersion.id, autosave: caseDocumentVersion.autosave })
    .from(caseDocumentVersion)
    .where(eq(caseDocumentVersion.documentId, doc.id))
    .orderBy(desc(caseDocumentVersion.id))
    .limit(1);
  if (h.autosave && last?.autosave) {
    await tx.update(caseDocumentVersion).set(values).where(eq(caseDocumentVersion.id, last.id));
    return;
  }
  await tx.insert(caseDocumentVersion).values({ documentId: doc.id, ...values });
  const old = await tx
    .select({ id: caseDocumentVersion.id })
    .from(caseDocumentVersion)
    .where(eq(caseDocumentVersion.documentId, doc.id))
    .orderBy(desc(caseDocumentVersion.id))
    .offset(DOCUMENT_VERSIONS_KEPT);
  if (old.length > 0) {
    await tx.delete(caseDocumentVersion).where(
      inArray(
        caseDocumentVersion.id,
        old.map((o) => o.id),
      ),
    );
  }
}

/** `PUT …/documents/{kind}/`. */
export async function saveDocument(
  ctx: AppContext,
  caseId: number,
  kind: DocumentKind,
  body: TDocumentSaveRequest,
): Promise<TDocument> {
  const content = checkContent(kind, body.content);
  await write(ctx, caseId, kind, body.version, content, {
    autosave: body.autosave === true,
    restoredFrom: null,
  });
  return documentView(ctx.db.db, caseId, kind);
}

async function versionRow(db: Db, caseId: number, kind: DocumentKind, vid: number) {
  const doc = await documentRow(db, caseId, kind);
  if (!doc) throw notFound();
  const [row] = await db
    .select()
    .from(caseDocumentVersion)
    .where(and(eq(caseDocumentVersion.id, vid), eq(caseDocumentVersion.documentId, doc.id)));
  if (!row) throw notFound();
  return row;
}

const summary = (r: typeof caseDocumentVersion.$inferSelect) => ({
  id: r.id,
  version: r.version,
  autosave: r.autosave,
  restored_from: r.restoredFrom,
  created_at: r.createdAt.toISOString(),
  chars: r.chars,
});

export async function versionList(db: Db, caseId: number, kind: DocumentKind): Promise<TDocumentVersionList> {
  const doc = await documentRow(db, caseId, kind);
  if (!doc) return { versions: [] };
  const rows = await db
    .select()
    .from(caseDocumentVersion)
    .where(eq(caseDocumentVersion.documentId, doc.id))
    .orderBy(desc(caseDocumentVersion.id));
  return { versions: rows.map(summary) };
}

export async function versionView(
  db: Db,
  caseId: number,
  kind: DocumentKind,
  vid: number,
): Promise<TDocumentVersion> {
  const row = await versionRow(db, caseId, kind, vid);
  const content = stored(row.content);
  return { ...summary(row), content, numbering: numberingOf(content, await targetsFor(db, caseId, kind)) };
}

/** `POST …/versions/{vid}/restore/`: the old content becomes a new version (history keeps both). */
export async function restoreVersion(
  ctx: AppContext,
  caseId: number,
  kind: DocumentKind,
  vid: number,
  expected: number,
): Promise<TDocument> {
  const row = await versionRow(ctx.db.db, caseId, kind, vid);
  // Written again as today's rules store it (a row saved before them may hold unsafe links or unknown attributes).
  const parsed = ZLetterDocument.safeParse(stored(row.content));
  if (!parsed.success) throw errorOf(400, E.invalid);
  await write(ctx, caseId, kind, expected, parsed.data, { autosave: false, restoredFrom: row.id });
  return documentView(ctx.db.db, caseId, kind);
}

/** Item 7: which bought service runs first; only when both review and translation are held. */
export async function setServiceChoice(
  ctx: AppContext,
  s: { caseId: number; services: readonly string[] },
  kind: DocumentKind,
  first: ServiceFirst,
): Promise<void> {
  if (!bothServices(s.services)) {
    throw errorOf(400, E.serviceChoiceUnavailable);
  }
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseId, LOCK_SCOPE[kind], tx);
    await tx
      .insert(caseDocument)
      .values({
        caseId: s.caseId,
        kind,
        version: 0,
        content: EMPTY,
        serviceFirst: first,
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoUpdate({
        target: [caseDocument.caseId, caseDocument.kind],
        set: { serviceFirst: first },
      });
  });
}

export interface DocumentIssue {
  document: DocumentKind;
  /** The reference id that points nowhere ("folder:12"). */
  reference_id: string;
  kind: 'exhibit' | 'letter';
}

/** For the checklist: every reference of the case's documents that points at a deleted (or wrong) row. */
export async function documentIssues(ctx: Pick<AppContext, 'db'>, caseId: number): Promise<DocumentIssue[]> {
  const db = ctx.db.db;
  // The original petition's documents only: the response letter is numbered by its RFE (checked by the RFE packet).
  const docs = (await db.select().from(caseDocument).where(eq(caseDocument.caseId, caseId))).filter(
    (d) => d.kind !== 'rfe_response',
  );
  if (docs.length === 0) return [];
  const targets = await caseTargets(db, caseId);
  const out: DocumentIssue[] = [];
  for (const d of docs) {
    const seen = new Set<string>();
    for (const r of referencesIn(d.content)) {
      if (seen.has(r.id) || resolve(targets, r.kind, r.id)) continue;
      seen.add(r.id);
      out.push({ document: d.kind as DocumentKind, reference_id: r.id, kind: r.kind });
    }
  }
  return out;
}
