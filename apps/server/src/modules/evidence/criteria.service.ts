import {
  BACKGROUND,
  CRITERIA,
  type Criterion,
  EvidenceErrorCode as E,
  EB1A_CATEGORIES,
  type Locale,
  NIW_CATEGORIES_BY_DIRECTION,
  NIW_KEPT_ON_SWITCH,
  type NiwDirection,
  type ProjectCode,
  type TCriteriaState,
} from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { evidenceCriteria, evidenceFolder } from '../../db/schema/index.ts';
import { AppError, errorOf } from '../../plugins/errors.ts';
import { type CaseRow, categoryOf, versionConflict } from '../case/case.service.ts';
import { assertEditable } from '../case/case-lock.ts';
import { criterionLabel, regulationOf } from './criteria-content.ts';
import { deleteFolders } from './folders.store.ts';

export interface Claim {
  niwDirection: NiwDirection | null;
  claimed: Criterion[];
  version: number;
}

/** The case's claim (nothing claimed yet when no row exists). */
export async function claimOf(db: Db, caseId: number): Promise<Claim> {
  const [row] = await db.select().from(evidenceCriteria).where(eq(evidenceCriteria.caseId, caseId));
  return claimIn(row);
}

/** `claimOf` from the case's criteria row already read. */
export function claimIn(row: typeof evidenceCriteria.$inferSelect | undefined): Claim {
  return {
    niwDirection: (row?.niwDirection ?? null) as NiwDirection | null,
    claimed: (row?.claimed ?? []).filter((c): c is Criterion => (CRITERIA as readonly string[]).includes(c)),
    version: row?.version ?? 0,
  };
}

/** What a case may claim: EB-1A's 11 categories; NIW's categories of the chosen direction (none before). */
export function allowedCriteria(
  projectCode: ProjectCode,
  direction: NiwDirection | null,
): readonly Criterion[] {
  if (categoryOf(projectCode) === 'EB1A') return EB1A_CATEGORIES;
  return direction ? NIW_CATEGORIES_BY_DIRECTION[direction] : [];
}

export async function criteriaState(
  db: Db,
  opts: { caseRow: CaseRow; projectCode: ProjectCode; locale: Locale; claim?: Claim },
): Promise<TCriteriaState> {
  const claim = opts.claim ?? (await claimOf(db, opts.caseRow.id));
  const counts = await db
    .select({ criterion: evidenceFolder.criterion, n: sql<number>`count(*)::int` })
    .from(evidenceFolder)
    .where(eq(evidenceFolder.caseId, opts.caseRow.id))
    .groupBy(evidenceFolder.criterion);
  const countOf = new Map(counts.map((c) => [c.criterion, Number(c.n)]));
  return {
    category: categoryOf(opts.projectCode),
    niw_direction: claim.niwDirection,
    available: allowedCriteria(opts.projectCode, claim.niwDirection).map((key) => ({
      key,
      label: criterionLabel(key, opts.locale),
      regulation: regulationOf(key),
      claimed: claim.claimed.includes(key),
      folders: countOf.get(key) ?? 0,
    })),
    claimed: claim.claimed,
    version: claim.version,
  };
}

async function saveClaim(db: Db, caseId: number, claim: Omit<Claim, 'version'>, now: Date) {
  await db
    .insert(evidenceCriteria)
    .values({ caseId, niwDirection: claim.niwDirection, claimed: claim.claimed, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: evidenceCriteria.caseId,
      set: {
        niwDirection: claim.niwDirection,
        claimed: claim.claimed,
        version: sql`${evidenceCriteria.version} + 1`,
        updatedAt: now,
      },
    });
}

/** Folders of criteria outside `keep`; background folders are never among them (they belong to no criterion). */
async function foldersOutside(db: Db, caseId: number, keep: readonly string[]) {
  const rows = await db
    .select({ id: evidenceFolder.id, criterion: evidenceFolder.criterion })
    .from(evidenceFolder)
    .where(eq(evidenceFolder.caseId, caseId));
  return rows.filter((r) => r.criterion !== BACKGROUND && !keep.includes(r.criterion)).map((r) => r.id);
}

/**
 * `PUT …/criteria/`: the claimed criteria in display order ("The criteria has been confirmed"). Unknown,
 * duplicate or not-of-this-case criteria → 400 criteria_invalid ("Claimed criteria confirmation failed"); NIW
 * before a direction → 409 niw_direction_required; dropping criteria that hold folders → 409
 * criterion_has_evidence unless confirmed (then the folders go, their uploads released).
 */
export async function setCriteria(
  ctx: AppContext,
  opts: {
    customerId: number;
    caseRow: CaseRow;
    projectCode: ProjectCode;
    criteria: readonly string[];
    version: number;
    confirm: boolean;
  },
): Promise<{ removed: number }> {
  const caseId = opts.caseRow.id;
  return ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, caseId, 'evidence', tx);
    await tx.select().from(evidenceCriteria).where(eq(evidenceCriteria.caseId, caseId)).for('update');
    const claim = await claimOf(tx, caseId);
    if (categoryOf(opts.projectCode) === 'NIW' && !claim.niwDirection) {
      throw errorOf(409, E.niwDirectionRequired);
    }
    const allowed = allowedCriteria(opts.projectCode, claim.niwDirection) as readonly string[];
    const unique = new Set(opts.criteria);
    if (unique.size !== opts.criteria.length || opts.criteria.some((c) => !allowed.includes(c))) {
      throw new AppError(400, E.criteriaInvalid, `errors:${E.criteriaInvalid}`, {}, { field: 'criteria' });
    }
    if (claim.version !== opts.version) throw versionConflict(claim.version);
    const gone = await foldersOutside(tx, caseId, opts.criteria);
    if (gone.length > 0 && !opts.confirm) {
      throw new AppError(
        409,
        E.criterionHasEvidence,
        `errors:${E.criterionHasEvidence}`,
        { count: gone.length },
        { folders: gone.length },
      );
    }
    const now = ctx.clock.now();
    await deleteFolders(tx, { customerId: opts.customerId, projectCode: opts.projectCode, ids: gone, now });
    await saveClaim(
      tx,
      caseId,
      { niwDirection: claim.niwDirection, claimed: [...opts.criteria] as Criterion[] },
      now,
    );
    return { removed: gone.length };
  });
}

/**
 * `PUT …/niw_direction/` (spec §4): the first choice needs no confirmation; changing it does (409
 * niw_direction_confirm with what stays and how many folders go). Confirmed: only work, education (study) and
 * industry/supporting reports stay claimed, with their evidence; the rest is deleted.
 */
export async function setNiwDirection(
  ctx: AppContext,
  opts: {
    customerId: number;
    caseRow: CaseRow;
    projectCode: ProjectCode;
    direction: NiwDirection;
    confirm: boolean;
  },
): Promise<{ removed: number }> {
  const caseId = opts.caseRow.id;
  if (categoryOf(opts.projectCode) !== 'NIW') throw errorOf(409, E.niwOnly);
  return ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, caseId, 'evidence', tx);
    await tx.select().from(evidenceCriteria).where(eq(evidenceCriteria.caseId, caseId)).for('update');
    const claim = await claimOf(tx, caseId);
    if (claim.niwDirection === opts.direction) return { removed: 0 };
    const now = ctx.clock.now();
    const allowed = NIW_CATEGORIES_BY_DIRECTION[opts.direction];
    const keep =
      claim.niwDirection === null ? allowed : NIW_KEPT_ON_SWITCH.filter((c) => allowed.includes(c));
    const gone = await foldersOutside(tx, caseId, keep);
    if (claim.niwDirection !== null && !opts.confirm) {
      throw new AppError(
        409,
        E.niwDirectionConfirm,
        `errors:${E.niwDirectionConfirm}`,
        { count: gone.length },
        { kept: [...NIW_KEPT_ON_SWITCH], removed_folders: gone.length },
      );
    }
    await deleteFolders(tx, { customerId: opts.customerId, projectCode: opts.projectCode, ids: gone, now });
    const claimed = claim.claimed.filter((c) => (keep as readonly string[]).includes(c));
    await saveClaim(tx, caseId, { niwDirection: opts.direction, claimed }, now);
    return { removed: gone.length };
  });
}

/**
 * 409 criterion_not_claimed unless `criterion` is one of the case's claimed criteria (the background group needs
 * no claim: every case has it).
 */
export async function assertClaimed(db: Db, caseId: number, criterion: Criterion, locale: Locale) {
  if (criterion === BACKGROUND) return;
  const claim = await claimOf(db, caseId);
  if (!claim.claimed.includes(criterion)) {
    throw new AppError(409, E.criterionNotClaimed, `errors:${E.criterionNotClaimed}`, {
      criterion: criterionLabel(criterion, locale),
    });
  }
}
