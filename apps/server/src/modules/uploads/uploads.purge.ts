import { readdir, stat } from 'node:fs/promises';
import { UPLOAD_ORPHAN_HOURS } from '@dossier/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadSession } from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { sendUploadNormalise } from '../../jobs/uploads-normalise.job.ts';
import { releaseBlobs } from './uploads.blobs.ts';
import { openTusArea, type TusArea } from './uploads.tus-area.ts';

const ORPHAN_AFTER_MS = UPLOAD_ORPHAN_HOURS * 3_600_000;
/** An upload still "checking" this long after it was stored lost its job (a crash between insert and send). */
const STUCK_CHECKING_MS = 60 * 60_000;

/**
 * Uploads nothing references (no evidence, letter or attachment) for UPLOAD_ORPHAN_HOURS: the row, then its
 * blobs when no other upload of the customer shares them. The delete is conditional on "still unreferenced", so
 * an attach racing the purge keeps its file.
 */
export const purgeOrphanUploads: PurgeStep = {
  name: 'uploads.orphans',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
    const gone = await ctx.db.db
      .delete(upload)
      .where(and(isNull(upload.attachedTo), lt(upload.unreferencedSince, cutoff)))
      .returning({ customerId: upload.customerId, sha256: upload.sha256, pdfSha256: upload.pdfSha256 });
    const byCustomer = new Map<number, Array<string | null>>();
    for (const g of gone)
      byCustomer.set(g.customerId, [...(byCustomer.get(g.customerId) ?? []), g.sha256, g.pdfSha256]);
    for (const [customerId, shas] of byCustomer) await releaseBlobs(ctx, customerId, shas);
    return gone.length;
  },
};

/**
 * Transfers older than UPLOAD_ORPHAN_HOURS: an unfinished one loses its partial bytes (and the blob a crash may
 * have stored for it before its row existed); a finished one only its record (kept that long so a client whose
 * last answer was lost can still learn the outcome).
 */
export const purgeStaleTransfers: PurgeStep = {
  name: 'uploads.stale_transfers',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
    const stale = await ctx.db.db.select().from(uploadSession).where(lt(uploadSession.createdAt, cutoff));
    const area = openTusArea(ctx);
    let removed = await removeUnrecordedTransfers(ctx, area, cutoff);
    for (const s of stale) {
      if (!s.finishedAt) {
        await area.store.forget(s.key);
        if (s.sha256) await releaseBlobs(ctx, s.customerId, [s.sha256]);
      }
      const del = await ctx.db.db
        .delete(uploadSession)
        .where(eq(uploadSession.key, s.key))
        .returning({ key: uploadSession.key });
      removed += del.length;
    }
    return removed;
  },
};

/**
 * Sends the normalise job again for uploads stuck in "checking" (the job is idempotent). Removes nothing, so it
 * counts 0 in the run's total; how many were sent again is logged.
 */
export const requeueStuckUploads: PurgeStep = {
  name: 'uploads.requeue_checking',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const stuck = await ctx.db.db
      .select({ id: upload.id })
      .from(upload)
      .where(
        and(eq(upload.status, 'checking'), lt(upload.createdAt, new Date(now.getTime() - STUCK_CHECKING_MS))),
      );
    for (const { id } of stuck)
      await sendUploadNormalise(ctx.jobs, ctx.config.uploads.normaliseTimeoutMs, id);
    return stuck.length;
  },
};

/**
 * Transfer files with no record: their customer's account was erased (its records went with it, ON DELETE
 * CASCADE) or a crash came between the record and the file. Old enough ones are removed, so no personal file
 * outlives its account.
 */
async function removeUnrecordedTransfers(ctx: AppContext, area: TusArea, cutoff: Date): Promise<number> {
  const names = await readdir(area.directory).catch(() => [] as string[]);
  const keys = names.filter((n) => /^[0-9a-f]{32}\.json$/.test(n)).map((n) => n.slice(0, -'.json'.length));
  let removed = 0;
  for (const key of keys) {
    const info = await stat(`${area.pathOf(key)}.json`).catch(() => null);
    if (!info || info.mtime >= cutoff) continue;
    const [known] = await ctx.db.db
      .select({ key: uploadSession.key })
      .from(uploadSession)
      .where(eq(uploadSession.key, key));
    if (known) continue;
    await area.store.forget(key);
    removed++;
  }
  return removed;
}

export const uploadPurgeSteps: PurgeStep[] = [purgeOrphanUploads, purgeStaleTransfers, requeueStuckUploads];
