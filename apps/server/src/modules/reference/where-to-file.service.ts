import {
  type TStaffWhereToFile,
  WhereToFileErrorCode as W,
  WHERE_TO_FILE,
  type WhereToFileTable,
  whereToFileOn,
  ZWhereToFileTable,
} from '@dossier/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staffUser, whereToFileVersion } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { staffTx } from '../queues/queue-common.ts';
import { recordAudit } from '../staff/audit.service.ts';

/**
 * The "where to file" table's versions (decision 0067): those shipped with the release (packages/contract
 * filing-addresses.ts) and those content editors publish, each from an effective date after the day it is
 * published (insert-only, audited). A case's packet uses the version in force on its filing date.
 */

const utcToday = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10);

async function published(ctx: AppContext) {
  return ctx.db.db
    .select({ r: whereToFileVersion, by: staffUser.username })
    .from(whereToFileVersion)
    .leftJoin(staffUser, eq(staffUser.id, whereToFileVersion.createdBy))
    .orderBy(asc(whereToFileVersion.effectiveFrom));
}

/** Every version, shipped then published (the packet's `whereToFile.tables`). */
export async function whereToFileTables(ctx: AppContext): Promise<WhereToFileTable[]> {
  const rows = await published(ctx);
  return [...WHERE_TO_FILE, ...rows.map(({ r }) => ZWhereToFileTable.parse(r.content))];
}

/** GET /api/staff/where_to_file/: every version by effective date, the one in force today marked. */
export async function listWhereToFile(ctx: AppContext): Promise<TStaffWhereToFile> {
  const rows = await published(ctx);
  const today = utcToday(ctx);
  const versions = [
    ...WHERE_TO_FILE.map((table) => ({
      table,
      source: 'shipped' as const,
      published_by: null,
      published_at: null,
    })),
    ...rows.map(({ r, by }) => ({
      table: ZWhereToFileTable.parse(r.content),
      source: 'staff' as const,
      published_by: by,
      published_at: r.createdAt.toISOString(),
    })),
  ].sort((a, b) => a.table.effectiveFrom.localeCompare(b.table.effectiveFrom));
  const inForce = whereToFileOn(
    today,
    versions.map((v) => v.table),
  );
  return { today, versions: versions.map((v) => ({ ...v, in_force: v.table === inForce })) };
}

/**
 * POST /api/staff/where_to_file/ (a whole table, ZWhereToFileTable): a new version from a day after today (UTC)
 * — 400 where_to_file_past otherwise; 409 where_to_file_exists when a version already starts that day.
 */
export async function publishWhereToFile(
  ctx: AppContext,
  who: StaffPrincipal,
  table: WhereToFileTable,
): Promise<TStaffWhereToFile> {
  const parsed = new Date(`${table.effectiveFrom}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== table.effectiveFrom) {
    throw errorOf(400, 'validation', { field: 'body.effectiveFrom' });
  }
  if (table.effectiveFrom <= utcToday(ctx)) throw errorOf(400, W.past);
  if (WHERE_TO_FILE.some((t) => t.effectiveFrom === table.effectiveFrom)) throw errorOf(409, W.exists);
  await staffTx(ctx, who, async (tx) => {
    const inserted = await tx
      .insert(whereToFileVersion)
      .values({
        effectiveFrom: table.effectiveFrom,
        content: table,
        createdBy: who.staffId,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: whereToFileVersion.id });
    if (inserted.length === 0) throw errorOf(409, W.exists);
    await recordAudit(ctx, tx, who, {
      action: 'where_to_file.publish',
      targetType: 'where_to_file_version',
      targetId: inserted[0]!.id,
      after: table,
    });
  });
  return listWhereToFile(ctx);
}
