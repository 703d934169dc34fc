import { TaskErrorCode as E } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { caseLock } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { handled, lockRef, staffTask, staffTx } from './tasks.staff.service.ts';
import { moveTask } from './tasks.transitions.ts';

/**
 * POST /api/staff/task/{id}/release/ (admin): a claimed task goes back to the queue — in progress → submitted,
 * no holder — and the case's covered parts are unlocked, in one transaction with the audit row (the reason, the
 * holder it was taken from). The items snapshotted at the claim are replaced at the next claim. The customer is
 * not notified: to them the request is still being handled.
 */
export async function releaseTask(ctx: AppContext, who: StaffPrincipal, id: number, reason: string) {
  const seen = await handled(ctx, who, id);
  if (seen.row.status !== 'in_progress') throw errorOf(409, E.state);
  await staffTx(ctx, who, async (tx) => {
    const row = await moveTask(tx, id, 'release', ctx.clock.now(), { holderId: null, claimedAt: null });
    await tx.delete(caseLock).where(eq(caseLock.taskRef, lockRef(id)));
    await recordAudit(ctx, tx, who, {
      action: 'task.release',
      targetType: 'service_task',
      targetId: id,
      before: { status: seen.row.status, holder: seen.holder },
      after: { status: row.status, holder: null },
      detail: { reason },
    });
  });
  return staffTask(ctx, who, id);
}
