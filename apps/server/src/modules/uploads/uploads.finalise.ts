import { createReadStream } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadSession } from '../../db/schema/index.ts';
import { sendUploadNormalise } from '../../jobs/uploads-normalise.job.ts';
import { notFound } from '../../plugins/errors.ts';
import { fsyncFile } from '../../providers/storage/local-disk.ts';
import { blobKey, CONTENT_TYPE, lockCustomerUploads, sha256Of } from './uploads.blobs.ts';
import { judgeContent, type Refusal } from './uploads.content.ts';
import type { TusArea } from './uploads.tus-area.ts';

export type FinaliseResult =
  | { state: 'stored'; uploadId: number }
  | { state: 'refused'; refusal: Refusal }
  | { state: 'incomplete' };

/**
 * A transfer whose bytes have all arrived becomes an upload: its type is decided from the content (refused
 * unless PDF or a supported image, with the normaliser's message naming the file), the bytes (hashed while they
 * streamed in) enter content-addressed storage without a copy (or are found there: an earlier upload of the same
 * bytes), and only then the row is inserted and the normalise job sent. Idempotent: the tus hook and
 * `GET …/tus/{key}/` may both call it (a lost answer to the last PATCH); every call gives the same upload.
 */
export async function finaliseTransfer(ctx: AppContext, area: TusArea, key: string): Promise<FinaliseResult> {
  const [session] = await ctx.db.db.select().from(uploadSession).where(eq(uploadSession.key, key));
  if (!session) throw notFound();
  if (session.uploadId) return { state: 'stored', uploadId: session.uploadId };
  if (session.refusalCode) {
    return {
      state: 'refused',
      refusal: { code: session.refusalCode, zh: session.refusalZh ?? '', en: session.refusalEn ?? '' },
    };
  }
  // Finished before, but its upload has since been deleted (the link was set null): nothing to give back.
  if (session.finishedAt) throw notFound();
  const transfer = await area.store.getUpload(key).catch(() => null);
  if (!transfer) throw notFound();
  if (transfer.size === undefined || transfer.offset !== transfer.size) return { state: 'incomplete' };

  const path = area.pathOf(key);
  const size = transfer.size;
  const verdict = await judgeContent(
    { path, size, name: session.fileName, declaredType: session.declaredType },
    ctx.logger,
  );
  if ('refusal' in verdict) {
    const { refusal } = verdict;
    await ctx.db.db
      .update(uploadSession)
      .set({
        refusalCode: refusal.code,
        refusalZh: refusal.zh,
        refusalEn: refusal.en,
        finishedAt: ctx.clock.now(),
      })
      .where(and(eq(uploadSession.key, key), isNull(uploadSession.uploadId)));
    await area.store.forget(key);
    return { state: 'refused', refusal };
  }

  // Hashed as it streamed in the common case; read again only for a transfer resumed elsewhere.
  const sha256 = area.store.takeHash(key, size) ?? (await sha256Of(createReadStream(path)));
  await ctx.db.db.update(uploadSession).set({ sha256 }).where(eq(uploadSession.key, key));
  const blob = blobKey(session.customerId, sha256);
  const { kind } = verdict;
  const contentType = CONTENT_TYPE[kind];
  // Flushed to disk before the lock is taken, so moving it into storage under the lock is quick.
  await fsyncFile(path);
  let inserted = false;
  const uploadId = await ctx.db.db.transaction(async (tx) => {
    // Under the customer's upload lock no deletion can free the blob between this check and the row insert.
    await lockCustomerUploads(tx, session.customerId);
    const [s] = await tx.select().from(uploadSession).where(eq(uploadSession.key, key)).for('update');
    if (s?.uploadId) return s.uploadId;
    // Content-addressed: the same bytes uploaded before by this customer are already there (dedup).
    if (!(await ctx.storage.stat(blob))) await ctx.storage.putFile(blob, path, { contentType, sha256, size });
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(upload)
      .values({
        customerId: session.customerId,
        projectCode: session.projectCode,
        originalName: session.fileName,
        size,
        sha256,
        kind,
        contentType,
        status: 'checking',
        unreferencedSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: upload.id });
    await tx
      .update(uploadSession)
      .set({ uploadId: row!.id, finishedAt: now })
      .where(eq(uploadSession.key, key));
    inserted = true;
    return row!.id;
  });
  await area.store.forget(key);
  // Once per stored upload (a finalise replayed for the same transfer found its row above).
  if (inserted) ctx.metrics.uploadBytes.inc({ kind }, size);
  await sendUploadNormalise(ctx.jobs, ctx.config.uploads.normaliseTimeoutMs, uploadId);
  return { state: 'stored', uploadId };
}
