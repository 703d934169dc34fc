import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { upload, uploadPageText } from '../db/schema/index.ts';
import {
  blobKey,
  lockCustomerUploads,
  releaseBlobs,
  storePageMarks,
} from '../modules/uploads/uploads.blobs.ts';
import { bilingual } from '../modules/uploads/uploads.text.ts';
import { type NormalisedInWorker, normaliseInWorker, TIMED_OUT } from '../pdf/normalise/in-worker.ts';
import { type OcrResult, ocrPages } from '../pdf/ocr/ocr-pages.ts';
import { sampleOfPages } from '../pdf/text/page-text.ts';
import type { TUploadNormalisePayload } from './uploads-normalise.job.ts';

type UploadRow = typeof upload.$inferSelect;
export type NormaliseOutcome = 'ready' | 'refused' | 'skipped';

/**
 * The `uploads.normalise` job: the stored original → normaliseEvidence → the PDF stored content-addressed and the
 * upload `ready` (pages, size), or `refused` with the normaliser's reason naming the file. Idempotent: only an
 * upload still `checking` is touched, with a conditional update, so a retried or duplicated job changes nothing
 * twice and never stores a second PDF for it. Bounded: UPLOAD_NORMALISE_TIMEOUT_SECONDS per file, after which
 * the file is refused as too slow to process; the last failed attempt refuses it too, so no upload stays
 * `checking` for ever.
 */
export async function runUploadNormalise(
  ctx: AppContext,
  payload: TUploadNormalisePayload,
  attempt: { retryCount: number; retryLimit: number } = { retryCount: 0, retryLimit: 0 },
): Promise<NormaliseOutcome> {
  const [row] = await ctx.db.db.select().from(upload).where(eq(upload.id, payload.uploadId));
  // Gone (deleted meanwhile) or already decided by an earlier run of the same job.
  if (!row) return 'skipped';
  if (row.status !== 'checking') return 'skipped';
  try {
    const bytes = await readOriginal(ctx, row);
    const result = await normaliseInWorker(
      { bytes, filename: row.originalName },
      { maxBytes: ctx.config.uploadMaxBytes },
      ctx.config.uploads.normaliseTimeoutMs,
    );
    if (result === TIMED_OUT) {
      return refuse(
        ctx,
        row,
        'processing_timeout',
        bilingual('uploads:refused.timeout', { name: row.originalName }),
      );
    }
    if (!result.ok) return refuse(ctx, row, result.code, result.message);
    return await storePdf(ctx, row, result, await ocrOf(ctx, row, result));
  } catch (err) {
    if (attempt.retryCount < attempt.retryLimit) throw err;
    ctx.logger.error({ err, uploadId: row.id }, 'upload normalisation failed on its last attempt');
    return refuse(
      ctx,
      row,
      'processing_failed',
      bilingual('uploads:refused.failed', { name: row.originalName }),
    );
  }
}

/** The original's bytes (the normaliser works on a whole file; UPLOAD_MAX_MB bounds it). */
async function readOriginal(ctx: AppContext, row: UploadRow): Promise<Uint8Array> {
  const { stream } = await ctx.storage.get(blobKey(row.customerId, row.sha256));
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > row.size) {
      stream.destroy();
      throw new Error(`upload ${row.id}: stored blob is larger than the recorded size`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

/**
 * OCR for the pages without a text layer (issue 33 item 1, decision 0085), after the normaliser's thread and
 * outside it: Tesseract runs as a child process with its own time limit per page, and the whole pass within the
 * normaliser's limit again (the job's expiry allows for both). Never refuses a file: whatever goes wrong, the
 * text layer's pages are kept as they were.
 */
async function ocrOf(
  ctx: AppContext,
  row: UploadRow,
  { pdf, marks, pageTexts }: NormalisedInWorker & { ok: true },
): Promise<OcrResult | undefined> {
  if (!pageTexts) return undefined;
  try {
    return await ocrPages(pdf, pageTexts, marks, {
      ...ctx.config.ocr,
      totalTimeoutMs: ctx.config.uploads.normaliseTimeoutMs,
    });
  } catch (err) {
    ctx.logger.warn({ err, uploadId: row.id }, 'OCR of an upload failed; its text layer is kept');
    return undefined;
  }
}

async function storePdf(
  ctx: AppContext,
  row: UploadRow,
  {
    pdf,
    pageCount: pages,
    marks,
    text: layerSample,
    pageTexts: layerTexts,
  }: NormalisedInWorker & { ok: true },
  ocr: OcrResult | undefined,
) {
  const pageTexts = ocr?.pages ?? layerTexts;
  // The language sample (decision 0057) reads what OCR found too: a scanned Chinese record needs its translation.
  const text = ocr && ocr.ocrCount > 0 ? sampleOfPages(ocr.pages) : layerSample;
  const source = ocr && ocr.ocrCount > 0 ? 'ocr' : 'layer';
  const pageSources = ocr?.sources ?? null;
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = blobKey(row.customerId, sha256);
  for (let i = 0; i < 3; i++) {
    if (!(await ctx.storage.stat(key))) await ctx.storage.put(key, bytes, { contentType: 'application/pdf' });
    // Before the row says ready, so a print file never finds the PDF without them (unless they could not be read).
    if (marks) await storePageMarks(ctx, row.customerId, sha256, marks);
    const outcome = await ctx.db.db.transaction(async (tx) => {
      await lockCustomerUploads(tx, row.customerId);
      // Re-checked under the lock: a deletion sharing this blob may have removed it since the put.
      if (!(await ctx.storage.stat(key))) return 'again' as const;
      const done = await tx
        .update(upload)
        .set({
          status: 'ready',
          pages,
          pdfSha256: sha256,
          pdfSize: bytes.length,
          textSample: text ?? null,
          updatedAt: ctx.clock.now(),
        })
        .where(and(eq(upload.id, row.id), eq(upload.status, 'checking')))
        .returning({ id: upload.id });
      if (done.length === 0) return 'gone' as const;
      // Each page's text, for the case review (issue 31 item 5; capped when read: pdf/text/page-text.ts), with
      // how each was got (text layer, OCR, or why none: issue 33 item 1).
      if (pageTexts) {
        const now = ctx.clock.now();
        await tx
          .insert(uploadPageText)
          .values({ uploadId: row.id, pages: pageTexts, source, pageSources, createdAt: now })
          .onConflictDoUpdate({
            target: uploadPageText.uploadId,
            set: { pages: pageTexts, source, pageSources, createdAt: now },
          });
      }
      return 'ready' as const;
    });
    if (outcome === 'ready') return 'ready';
    if (outcome === 'gone') {
      // Deleted (or finished by another run) meanwhile: the PDF stored for it may now be unused.
      await releaseBlobs(ctx, row.customerId, [sha256]);
      return 'skipped';
    }
  }
  throw new Error(`upload ${row.id}: normalised PDF blob vanished three times`);
}

async function refuse(
  ctx: AppContext,
  row: UploadRow,
  code: string,
  message: { zh: string; en: string },
): Promise<NormaliseOutcome> {
  const done = await ctx.db.db
    .update(upload)
    .set({
      status: 'refused',
      refusalCode: code,
      refusalZh: message.zh,
      refusalEn: message.en,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(upload.id, row.id), eq(upload.status, 'checking')))
    .returning({ id: upload.id });
  return done.length > 0 ? 'refused' : 'skipped';
}
