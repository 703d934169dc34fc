import {
  FEE_KEYS,
  FEE_SCHEDULE,
  type FeeKey,
  type Locale,
  type ProjectCode,
  QueueErrorCode as Q,
  type TStaffFeeRow,
  type TStaticFile,
} from '@dossier/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { feeRow, staffUser, staticFile } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { staffTx } from '../queues/queue-common.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { reloadFeeSchedule } from './fee-schedule.service.ts';
import { listStaticFiles } from './reference.service.ts';
import { ensureShippedStaticFiles } from './shipped-files.ts';

/**
 * Content kept by content editors (issue 16 item 9; decision 0035): the static-file catalogue as staff see it,
 * the customer's per-project guidance zips and instruction PDFs (catalogue keys `guidance.<project|all>.…` and
 * `instruction.<project|all>.…`), and the dated fee table (shipped rows + rows staff add, insert-only, each
 * starting after the day it is added).
 */

/** GET /api/staff/static_file/: every catalogue file with both names and where it came from. */
export async function listStaffStaticFiles(ctx: AppContext) {
  await ensureShippedStaticFiles(ctx);
  const rows = await ctx.db.db.select().from(staticFile).orderBy(asc(staticFile.key));
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name_zh: r.nameZh,
    name_en: r.nameEn,
    content_type: r.contentType,
    size: r.size,
    sha256: r.sha256,
    source: r.source,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export type ProjectFileKind = 'guidance' | 'instruction';
const KIND_TYPE: Record<ProjectFileKind, string> = {
  guidance: 'application/zip',
  instruction: 'application/pdf',
};

/**
 * GET /api/customer/project/guidance_zip_files/ and …/instruction_pdf_files/ (?project_code): the catalogue
 * files of that kind for the project (and those for every project, `.all.`), in the caller's language.
 */
export async function projectFiles(
  ctx: AppContext,
  kind: ProjectFileKind,
  opts: { projectCode?: ProjectCode | undefined; locale: Locale },
): Promise<TStaticFile[]> {
  const scopes = opts.projectCode ? ['all', opts.projectCode.toLowerCase()] : null;
  return (await listStaticFiles(ctx, { locale: opts.locale })).filter((f) => {
    const [prefix, scope] = f.key.split('.');
    return (
      prefix === kind &&
      f.content_type === KIND_TYPE[kind] &&
      scope !== undefined &&
      (scopes === null || scopes.includes(scope))
    );
  });
}

/** GET /api/staff/fee/: the shipped table and the rows staff added, by fee then date. */
export async function listFeeRows(ctx: AppContext): Promise<TStaffFeeRow[]> {
  const added = await ctx.db.db
    .select({ r: feeRow, by: staffUser.username })
    .from(feeRow)
    .leftJoin(staffUser, eq(staffUser.id, feeRow.createdBy));
  const rows: TStaffFeeRow[] = [];
  for (const key of FEE_KEYS) {
    for (const s of FEE_SCHEDULE[key]) {
      rows.push({ key, from: s.from, cents: s.cents, source: 'shipped', created_by: null, created_at: null });
    }
  }
  for (const { r, by } of added) {
    rows.push({
      key: r.feeKey as FeeKey,
      from: r.effectiveFrom,
      cents: r.cents,
      source: 'staff',
      created_by: by,
      created_at: r.createdAt.toISOString(),
    });
  }
  return rows.sort((a, b) =>
    a.key === b.key ? a.from.localeCompare(b.from) : FEE_KEYS.indexOf(a.key) - FEE_KEYS.indexOf(b.key),
  );
}

/**
 * POST /api/staff/fee/ {key, from, cents}: a new amount from a date after today (UTC) — 400 fee_row_past
 * otherwise, so no amount a filing already used changes; 409 fee_row_exists when that fee already has an amount
 * starting that day (shipped or added). Rows are never updated or deleted.
 */
export async function addFeeRow(
  ctx: AppContext,
  who: StaffPrincipal,
  body: { key: FeeKey; from: string; cents: number },
): Promise<TStaffFeeRow[]> {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const parsed = new Date(`${body.from}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== body.from) {
    throw errorOf(400, 'validation', { field: 'body.from' });
  }
  if (body.from <= today) throw errorOf(400, Q.feeRowPast);
  if (FEE_SCHEDULE[body.key].some((s) => s.from === body.from)) throw errorOf(409, Q.feeRowExists);
  await staffTx(ctx, who, async (tx) => {
    const inserted = await tx
      .insert(feeRow)
      .values({
        feeKey: body.key,
        effectiveFrom: body.from,
        cents: body.cents,
        createdBy: who.staffId,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: feeRow.id });
    if (inserted.length === 0) throw errorOf(409, Q.feeRowExists);
    await recordAudit(ctx, tx, who, {
      action: 'fee_row.add',
      targetType: 'fee_row',
      targetId: inserted[0]!.id,
      after: body,
    });
  });
  // This process uses the new row at once; the others within a minute, long before its date comes.
  await reloadFeeSchedule(ctx);
  return listFeeRows(ctx);
}
