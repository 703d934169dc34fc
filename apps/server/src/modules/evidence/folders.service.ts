import {
  CRITERIA,
  type Criterion,
  EvidenceErrorCode as E,
  FOLDERS_PER_CASE_MAX,
  type Locale,
  type ProjectCode,
  type TFolderRequest,
} from '@dossier/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { evidenceFolder } from '../../db/schema/index.ts';
import { AppError, errorOf } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { assertEditable } from '../case/case-lock.ts';
import { assertUnreferenced } from '../case/references.ts';
import { kindOf } from '../review/content/index.ts';
import { assertClaimed } from './criteria.service.ts';
import { ruleError, text } from './evidence-rules.ts';
import { deleteFolders, filesOf, ownedFolder } from './folders.store.ts';
import { reorderRows } from './reorder.ts';

export interface CaseScope {
  customerId: number;
  caseRow: CaseRow;
  projectCode: ProjectCode;
  locale: Locale;
}

/** Spec §5: "Please select the claimed criteria and the evidence name before uploading"; the criterion claimed. */
async function checkFolder(db: Db, s: CaseScope, body: TFolderRequest) {
  const criterion = text(body.criterion);
  const name = text(body.name);
  if (!criterion) throw ruleError(E.criterionRequired, 'criterion');
  if (!name) throw ruleError(E.criterionRequired, 'name');
  if (!(CRITERIA as readonly string[]).includes(criterion)) throw ruleError(E.criteriaInvalid, 'criterion');
  await assertClaimed(db, s.caseRow.id, criterion as Criterion, s.locale);
  return {
    criterion,
    name,
    nameEn: text(body.name_en),
    // One line on the exhibit list: line breaks joined; absent keeps the saved one (a PATCH of the name only).
    ...(body.description === undefined ? {} : { description: text(body.description?.replace(/\s+/g, ' ')) }),
    ...(body.evidence_date === undefined ? {} : { evidenceDate: body.evidence_date }),
  };
}

/**
 * The folder's kind (issue 31, decision 0070): one of its criterion's kinds (400 `evidence_kind_invalid`
 * otherwise); absent keeps the saved one while the criterion stays, and clears it when the criterion changes.
 */
function checkKind(
  body: TFolderRequest,
  criterion: string,
  saved?: { criterion: string; kind: string | null },
) {
  if (body.kind === undefined) return saved && saved.criterion !== criterion ? { kind: null } : {};
  if (body.kind === null) return { kind: null };
  if (!kindOf(criterion, body.kind)) {
    throw new AppError(400, E.kindInvalid, 'review:map.kind_invalid', { kind: body.kind }, { field: 'kind' });
  }
  return { kind: body.kind };
}

const nextOrder = async (db: Db, caseId: number, criterion: string) => {
  const [r] = await db
    .select({ max: sql<number>`coalesce(max(${evidenceFolder.sortOrder}), 0)::int` })
    .from(evidenceFolder)
    .where(and(eq(evidenceFolder.caseId, caseId), eq(evidenceFolder.criterion, criterion)));
  return Number(r?.max ?? 0) + 1;
};

/** `POST …/evidence/`: a new folder at the end of its criterion. */
export async function createFolder(ctx: AppContext, s: CaseScope, body: TFolderRequest): Promise<number> {
  return ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    const f = await checkFolder(tx, s, body);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(evidenceFolder)
      .where(eq(evidenceFolder.caseId, s.caseRow.id));
    if (Number(n) >= FOLDERS_PER_CASE_MAX) throw errorOf(409, E.tooMany, { max: FOLDERS_PER_CASE_MAX });
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(evidenceFolder)
      .values({
        caseId: s.caseRow.id,
        ...f,
        ...checkKind(body, f.criterion),
        sortOrder: await nextOrder(tx, s.caseRow.id, f.criterion),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: evidenceFolder.id });
    return row!.id;
  });
}

/**
 * `PATCH …/evidence/{folder_id}/`: criterion, name, English name, description, kind and date (a new criterion puts
 * it at that one's end).
 */
export async function updateFolder(
  ctx: AppContext,
  s: CaseScope,
  folderId: number,
  body: TFolderRequest,
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedFolder(tx, s.caseRow.id, folderId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    const f = await checkFolder(tx, s, body);
    const sortOrder =
      f.criterion === row.criterion ? row.sortOrder : await nextOrder(tx, s.caseRow.id, f.criterion);
    await tx
      .update(evidenceFolder)
      .set({ ...f, ...checkKind(body, f.criterion, row), sortOrder, updatedAt: ctx.clock.now() })
      .where(eq(evidenceFolder.id, row.id));
  });
}

/** `DELETE …/evidence/{folder_id}/`: the folder, its files and their uploads' references. */
export async function deleteFolder(ctx: AppContext, s: CaseScope, folderId: number, confirm: boolean) {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedFolder(tx, s.caseRow.id, folderId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    const files = await filesOf(tx, row.id);
    await assertUnreferenced(
      tx,
      { caseId: s.caseRow.id, locale: s.locale },
      [
        { kind: 'evidence_folder', id: row.id },
        ...files.map((f) => ({ kind: 'evidence_file' as const, id: f.id })),
      ],
      confirm,
    );
    await deleteFolders(tx, { ...s, ids: [row.id], now: ctx.clock.now() });
  });
}

/** `PUT …/evidence/order/`: the folders of one criterion in a new order; exhibit numbers follow. */
export async function reorderFolders(
  ctx: AppContext,
  s: CaseScope,
  criterion: Criterion,
  ids: readonly number[],
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    await reorderRows(
      tx,
      evidenceFolder,
      and(eq(evidenceFolder.caseId, s.caseRow.id), eq(evidenceFolder.criterion, criterion)) as SQL,
      ids,
      ctx.clock.now(),
    );
  });
}
