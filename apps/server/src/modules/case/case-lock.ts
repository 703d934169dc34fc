import { EvidenceErrorCode } from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseLock } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';

/** The parts of a case a review or translation task can hold (decision 0018); 'all' covers every part. */
export type EditScope = 'evidence' | 'letters' | 'plan' | 'petition' | 'forms';

/**
 * Issue 12 item 8: refuses a customer edit of `scope` while a review or translation task holds it (a `case_lock`
 * row for the scope or for 'all'), with 409 case_locked "urgent processing in progress, edits have no effect".
 * Every customer write of the workbench calls it before changing anything; the services issue inserts the rows
 * when a task starts and deletes them when it ends.
 */
export async function assertEditable(
  ctx: AppContext,
  caseId: number,
  scope: EditScope,
  /** The transaction the write runs in (so the check and the write see the same rows). */
  db: Db = ctx.db.db,
): Promise<void> {
  const [lock] = await db
    .select({ id: caseLock.id })
    .from(caseLock)
    .where(and(eq(caseLock.caseId, caseId), inArray(caseLock.scope, [scope, 'all'])))
    .limit(1);
  if (lock) throw errorOf(409, EvidenceErrorCode.caseLocked);
}
