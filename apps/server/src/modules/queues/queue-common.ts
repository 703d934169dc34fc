import type { TStaffNote } from '@dossier/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { staffNote } from '../../db/schema/index.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../staff/audit.service.ts';

/** Runs a staff change in one transaction; a failure leaves the call-level audit row to the staff plugin. */
export async function staffTx<T>(
  ctx: AppContext,
  who: StaffPrincipal,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.db.transaction(run);
  } catch (err) {
    who.audited = false; // the service's row was rolled back with the change
    throw err;
  }
}

export type NoteTarget = 'agent_appointment' | 'assessment' | 'advice';

export const ageSeconds = (ctx: AppContext, since: Date) =>
  Math.max(0, Math.floor((ctx.clock.now().getTime() - since.getTime()) / 1000));

export async function notesOf(db: Db, target: NoteTarget, id: number): Promise<TStaffNote[]> {
  const rows = await db
    .select()
    .from(staffNote)
    .where(and(eq(staffNote.targetType, target), eq(staffNote.targetId, id)))
    .orderBy(asc(staffNote.createdAt), asc(staffNote.id));
  return rows.map((r) => ({
    id: r.id,
    author: r.author,
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Adds a note (and its audit row) in the caller's transaction. */
export async function addNote(
  ctx: AppContext,
  tx: Db,
  who: StaffPrincipal,
  target: NoteTarget,
  id: number,
  body: string,
): Promise<void> {
  const [row] = await tx
    .insert(staffNote)
    .values({
      targetType: target,
      targetId: id,
      staffId: who.staffId,
      author: who.actor,
      body,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: staffNote.id });
  await recordAudit(ctx, tx, who, {
    action: `${target}.note`,
    targetType: target,
    targetId: id,
    after: { note_id: row!.id, body },
  });
}
