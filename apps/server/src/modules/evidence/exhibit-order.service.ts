import type { TExhibitOrderRequest } from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { evidenceFolder, exhibitOrder } from '../../db/schema/index.ts';
import { versionConflict } from '../case/case.service.ts';
import { assertEditable } from '../case/case-lock.ts';
import { checkOrder } from './evidence-rules.ts';
import type { CaseScope } from './folders.service.ts';

/**
 * `PUT …/evidence/exhibit_order/` (issue 28 item 4): how the case's exhibits are numbered. A versioned write like
 * the case settings (409 version_conflict with the current version). `custom` with `ids` stores the whole-case
 * sequence: every folder of the case exactly once (409 order_invalid otherwise, 404 for another case's folder);
 * without `ids` the sequence last saved stays. The other modes keep the stored sequence for a later switch back.
 */
export async function setExhibitOrder(
  ctx: AppContext,
  s: CaseScope,
  body: TExhibitOrderRequest,
): Promise<void> {
  const caseId = s.caseRow.id;
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, caseId, 'evidence', tx);
    const now = ctx.clock.now();
    await tx.insert(exhibitOrder).values({ caseId, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(exhibitOrder).where(eq(exhibitOrder.caseId, caseId)).for('update');
    if (row!.version !== body.version) throw versionConflict(row!.version);
    let sequence = row!.sequence;
    if (body.mode === 'custom' && body.ids) {
      // The folders are locked so that none is added or deleted while the sequence is checked against them.
      const folders = await tx
        .select({ id: evidenceFolder.id })
        .from(evidenceFolder)
        .where(eq(evidenceFolder.caseId, caseId))
        .orderBy(evidenceFolder.id)
        .for('update');
      checkOrder(
        folders.map((f) => f.id),
        body.ids,
      );
      sequence = [...body.ids];
    }
    await tx
      .update(exhibitOrder)
      .set({ mode: body.mode, sequence, version: sql`${exhibitOrder.version} + 1`, updatedAt: now })
      .where(eq(exhibitOrder.caseId, caseId));
  });
}
