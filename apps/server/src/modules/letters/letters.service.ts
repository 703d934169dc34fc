import {
  EvidenceErrorCode as E,
  LETTERS_PER_CASE_MAX,
  type LetterRelation,
  type LetterStatus,
  type TLetter,
  type TLetterList,
  type TLetterRequest,
  type TranslationMode,
} from '@dossier/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { evidenceFolder, letterEvidence, recommendationLetter } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { assertEditable } from '../case/case-lock.ts';
import { assertUnreferenced } from '../case/references.ts';
import { checkTranslation, fileRefs, refOf, ruleError, text } from '../evidence/evidence-rules.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { reorderRows } from '../evidence/reorder.ts';
import { releaseSlots, type Slot, syncSlots } from '../evidence/upload-slots.ts';

type LetterRow = typeof recommendationLetter.$inferSelect;
const DOCS = [
  'letterUploadId',
  'letterTranslationUploadId',
  'resumeUploadId',
  'resumeTranslationUploadId',
] as const;
const REFS = ['letter', 'letter_translation', 'resume', 'resume_translation'] as const;

const slotsOf = (row: Pick<LetterRow, 'id' | (typeof DOCS)[number]>): Omit<Slot, 'after'>[] =>
  DOCS.map((d, i) => ({ ref: `letter:${row.id}:${REFS[i]}`, before: row[d] }));

export async function ownedLetter(db: Db, caseId: number, letterId: number): Promise<LetterRow> {
  const [row] = await db
    .select()
    .from(recommendationLetter)
    .where(and(eq(recommendationLetter.id, letterId), eq(recommendationLetter.caseId, caseId)));
  if (!row) throw notFound();
  return row;
}

/** A document pair: the translation needs its original; personal translation needs both once one is given. */
function checkPair(
  original: number | null,
  translation: number | null,
  mode: TranslationMode | null,
  field: string,
) {
  if (translation !== null && original === null) throw ruleError(E.originalRequired, field);
  if (mode === null && translation !== null) throw ruleError(E.translationNotNeeded, `${field}_translation`);
  if (mode === 'personal' && original !== null && translation === null) {
    throw ruleError(E.translationFileRequired, `${field}_translation`);
  }
  if (original !== null && original === translation)
    throw ruleError(E.translationFileRequired, `${field}_translation`);
}

/** Spec §5 "Recommender upload" rules and the letter's own (status received needs the letter). */
function checkLetter(body: TLetterRequest, services: readonly string[], current?: LetterRow) {
  const name = text(body.name);
  if (!name) throw ruleError(E.letterNameRequired, 'name');
  const jobTitle = text(body.position);
  if (!jobTitle) throw ruleError(E.letterPositionRequired, 'position');
  const t = checkTranslation(body, services);
  const nameEn = text(body.name_en);
  const jobTitleEn = text(body.position_en);
  if (t.translationMode === 'personal' && (!nameEn || !jobTitleEn)) {
    throw ruleError(E.letterEnRequired, nameEn ? 'position_en' : 'name_en');
  }
  const docs = {
    letterUploadId: body.letter_upload_id ?? null,
    letterTranslationUploadId: body.letter_translation_upload_id ?? null,
    resumeUploadId: body.resume_upload_id ?? null,
    resumeTranslationUploadId: body.resume_translation_upload_id ?? null,
  };
  checkPair(docs.letterUploadId, docs.letterTranslationUploadId, t.translationMode, 'letter_upload_id');
  checkPair(docs.resumeUploadId, docs.resumeTranslationUploadId, t.translationMode, 'resume_upload_id');
  const status: LetterStatus = body.status ?? (current?.status as LetterStatus | undefined) ?? 'drafting';
  if (status === 'received' && docs.letterUploadId === null) throw ruleError(E.letterFileRequired, 'status');
  return {
    name,
    jobTitle,
    nameEn,
    jobTitleEn,
    ...t,
    ...docs,
    status,
    ...relationOf(body, current),
  };
}

/**
 * The relation, the co-authorship and the independent flag kept consistent (issue 31 item 5): a stated relation
 * decides the flag; an older client's flag alone (no `relation`) sets it and drops a stated relation it contradicts.
 * A co-author co-authored.
 */
export function relationOf(
  body: Pick<TLetterRequest, 'relation' | 'independent' | 'coauthored'>,
  current?: Pick<LetterRow, 'relation' | 'independent' | 'coauthored'>,
): { relation: LetterRelation | null; independent: boolean; coauthored: boolean } {
  let relation =
    body.relation !== undefined ? body.relation : ((current?.relation as LetterRelation | null) ?? null);
  if (body.relation === undefined && body.independent !== undefined && relation !== null) {
    if ((relation === 'independent') !== body.independent) relation = body.independent ? 'independent' : null;
  }
  const independent =
    relation !== null ? relation === 'independent' : (body.independent ?? current?.independent ?? false);
  const coauthored = relation === 'coauthor' || (body.coauthored ?? current?.coauthored ?? false);
  return { relation, independent, coauthored };
}

/** Replaces the letter's cited folders (each must be a folder of this case, else 404). */
async function setCitedFolders(db: Db, caseId: number, letterId: number, ids: readonly number[] | undefined) {
  if (ids === undefined) return;
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await db
      .select({ id: evidenceFolder.id })
      .from(evidenceFolder)
      .where(and(eq(evidenceFolder.caseId, caseId), inArray(evidenceFolder.id, unique)));
    if (found.length !== unique.length) throw notFound();
  }
  await db.delete(letterEvidence).where(eq(letterEvidence.letterId, letterId));
  if (unique.length > 0)
    await db.insert(letterEvidence).values(unique.map((folderId) => ({ letterId, folderId })));
}

type Scope = CaseScope & { services: readonly string[] };

/** `POST …/letters/`: a recommender at the end of the list. */
export async function createLetter(ctx: AppContext, s: Scope, body: TLetterRequest): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'letters', tx);
    const v = checkLetter(body, s.services);
    const [agg] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        max: sql<number>`coalesce(max(${recommendationLetter.sortOrder}), 0)::int`,
      })
      .from(recommendationLetter)
      .where(eq(recommendationLetter.caseId, s.caseRow.id));
    if (Number(agg?.n ?? 0) >= LETTERS_PER_CASE_MAX)
      throw errorOf(409, E.tooMany, { max: LETTERS_PER_CASE_MAX });
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(recommendationLetter)
      .values({
        caseId: s.caseRow.id,
        ...v,
        sortOrder: Number(agg?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const slots = slotsOf(row!).map((slot, i) => ({ ...slot, before: null, after: v[DOCS[i]!] }));
    await syncSlots(tx, { ...s, now, slots });
    await setCitedFolders(tx, s.caseRow.id, row!.id, body.evidence_folder_ids);
  });
}

/** `PATCH …/letters/{letter_id}/`: the whole row again (status, flag and cited folders kept when omitted). */
export async function updateLetter(ctx: AppContext, s: Scope, letterId: number, body: TLetterRequest) {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedLetter(tx, s.caseRow.id, letterId);
    await assertEditable(ctx, s.caseRow.id, 'letters', tx);
    const v = checkLetter(body, s.services, row);
    const now = ctx.clock.now();
    const slots = slotsOf(row).map((slot, i) => ({ ...slot, after: v[DOCS[i]!] }));
    await syncSlots(tx, { ...s, now, slots });
    await tx
      .update(recommendationLetter)
      .set({ ...v, updatedAt: now })
      .where(eq(recommendationLetter.id, row.id));
    await setCitedFolders(tx, s.caseRow.id, row.id, body.evidence_folder_ids);
  });
}

export async function deleteLetter(ctx: AppContext, s: CaseScope, letterId: number, confirm: boolean) {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedLetter(tx, s.caseRow.id, letterId);
    await assertEditable(ctx, s.caseRow.id, 'letters', tx);
    await assertUnreferenced(
      tx,
      { caseId: s.caseRow.id, locale: s.locale },
      [{ kind: 'letter', id: row.id }],
      confirm,
    );
    await releaseSlots(tx, { ...s, now: ctx.clock.now(), slots: slotsOf(row) });
    await tx.delete(recommendationLetter).where(eq(recommendationLetter.id, row.id));
  });
}

/** `PUT …/letters/order/`: the recommenders in a new order (locks and positions: reorderRows). */
export async function reorderLetters(ctx: AppContext, s: CaseScope, ids: readonly number[]) {
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'letters', tx);
    await reorderRows(
      tx,
      recommendationLetter,
      eq(recommendationLetter.caseId, s.caseRow.id),
      ids,
      ctx.clock.now(),
    );
  });
}

/** `GET …/letters/`: the recommenders in order with their documents and the guidance counts. */
export async function letterList(
  db: Db,
  s: Pick<CaseScope, 'customerId' | 'caseRow' | 'locale'>,
): Promise<TLetterList> {
  const rows = await db
    .select()
    .from(recommendationLetter)
    .where(eq(recommendationLetter.caseId, s.caseRow.id))
    .orderBy(asc(recommendationLetter.sortOrder), asc(recommendationLetter.id));
  const cited = rows.length
    ? await db
        .select()
        .from(letterEvidence)
        .where(
          inArray(
            letterEvidence.letterId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const refs = await fileRefs(
    db,
    s.customerId,
    rows.flatMap((r) => DOCS.map((d) => r[d])),
    s.locale,
  );
  const letters: TLetter[] = rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    position: r.jobTitle,
    name_en: r.nameEn,
    position_en: r.jobTitleEn,
    needs_translation: r.needsTranslation,
    translation_mode: r.translationMode as TLetter['translation_mode'],
    letter: refOf(refs, r.letterUploadId),
    letter_translation: refOf(refs, r.letterTranslationUploadId),
    resume: refOf(refs, r.resumeUploadId),
    resume_translation: refOf(refs, r.resumeTranslationUploadId),
    status: r.status as LetterStatus,
    independent: r.relation ? r.relation === 'independent' : r.independent,
    relation: (r.relation as LetterRelation | null) ?? null,
    coauthored: r.coauthored,
    evidence_folder_ids: cited
      .filter((c) => c.letterId === r.id)
      .map((c) => c.folderId)
      .sort((a, b) => a - b),
    order: i + 1,
    updated_at: r.updatedAt.toISOString(),
  }));
  return {
    letters,
    counts: {
      total: letters.length,
      received: letters.filter((l) => l.status === 'received').length,
      independent: letters.filter((l) => l.independent).length,
    },
  };
}
