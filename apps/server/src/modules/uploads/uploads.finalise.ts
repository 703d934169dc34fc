import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { UploadKind } from '@dossier/contract';
import { UPLOAD_KINDS } from '@dossier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadSession } from '../../db/schema/index.ts';
import { sendUploadNormalise } from '../../jobs/uploads-normalise.job.ts';
import { normaliseEvidence } from '../../pdf/normalise/index.ts';
import { sniff } from '../../pdf/normalise/sniff.ts';
import { notFound } from '../../plugins/errors.ts';
import { fsyncFile } from '../../providers/storage/local-disk.ts';
import { blobKey, CONTENT_TYPE, lockCustomerUploads, sha256Of } from './uploads.blobs.ts';
import { bilingual } from './uploads.text.ts';
import type { TusArea } from './uploads.tus-area.ts';

export interface Refusal {
  code: string;
  zh: string;
  en: string;
}

export type FinaliseResult =
  | { state: 'stored'; uploadId: number }
  | { state: 'refused'; refusal: Refusal }
  | { state: 'incomplete' };

/** Bytes read from each end of a file to decide its type: enough for every magic number and a ZIP's directory. */
const SAMPLE_BYTES = 64 * 1024;

const isUploadKind = (k: string): k is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(k);

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
  const sample = await headAndTail(path, size);
  // sniff() expects bytes; an empty file is refused by the normaliser's own first check.
  const kind = size === 0 ? 'unknown' : sniff(sample);
  if (!isUploadKind(kind)) {
    const refusal = await refusalOf(sample, session.fileName, session.declaredType);
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

/** The first and last SAMPLE_BYTES of a file (the whole file when it is small), without reading the middle. */
async function headAndTail(path: string, size: number): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    if (size <= 2 * SAMPLE_BYTES) {
      const all = Buffer.alloc(size);
      await fh.read(all, 0, size, 0);
      return all;
    }
    const out = Buffer.alloc(2 * SAMPLE_BYTES);
    await fh.read(out, 0, SAMPLE_BYTES, 0);
    await fh.read(out, SAMPLE_BYTES, SAMPLE_BYTES, size - SAMPLE_BYTES);
    return out;
  } finally {
    await fh.close();
  }
}

/**
 * The normaliser's own refusal for content it does not take (an office document: "export it as PDF"; anything
 * else: the supported types), so the message is the same one the job would give.
 */
async function refusalOf(
  sample: Uint8Array,
  filename: string,
  declaredType: string | null,
): Promise<Refusal> {
  const r = await normaliseEvidence({
    bytes: sample,
    filename,
    ...(declaredType ? { declaredType } : {}),
  });
  if (!r.ok) return { code: r.code, zh: r.message.zh, en: r.message.en };
  // Unreachable: the same sniffing refused the content. Kept total rather than trusting that.
  return { code: 'unsupported_type', ...bilingual('uploads:refused.unsupported', { name: filename }) };
}
