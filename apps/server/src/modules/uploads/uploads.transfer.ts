import { randomBytes } from 'node:crypto';
import { type ProjectCode, UPLOAD_NAME_MAX, UPLOAD_ORPHAN_HOURS, UploadErrorCode } from '@dossier/contract';
import { Metadata } from '@tus/utils';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadSession } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { lockCustomerUploads } from './uploads.blobs.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
/** A transfer not finished after this long no longer holds quota (the purge removes it). */
export const TRANSFER_MAX_AGE_MS = UPLOAD_ORPHAN_HOURS * 3_600_000;

export interface CreateTransferOptions {
  customerId: number;
  projectCode: ProjectCode;
  /** The tus request headers that describe the file. */
  uploadLength: string | undefined;
  uploadDeferLength: string | undefined;
  uploadMetadata: string | undefined;
  /** Refused (400) when present: the file store cannot assemble parts, and the tus server would answer 501. */
  uploadConcat: string | undefined;
}

/**
 * Checks a tus creation request before any byte is accepted: the size is declared (no deferred length, so the
 * limits hold before streaming), within UPLOAD_MAX_MB and within the case's quota counting the uploads it holds
 * and the transfers still running; the file has a usable name. Reserves the size by recording the transfer
 * (under the customer's upload lock, so parallel creations cannot both squeeze under the quota) and returns its
 * key, which the tus server then uses as the upload id.
 */
export async function createTransfer(ctx: AppContext, opts: CreateTransferOptions): Promise<string> {
  if (opts.uploadConcat !== undefined) throw errorOf(400, UploadErrorCode.concatUnsupported);
  if (opts.uploadDeferLength !== undefined || !opts.uploadLength || !/^\d{1,15}$/.test(opts.uploadLength)) {
    throw errorOf(400, UploadErrorCode.lengthRequired);
  }
  const size = Number(opts.uploadLength);
  const { fileName, declaredType } = fileOf(opts.uploadMetadata);
  const max = ctx.config.uploadMaxBytes;
  if (size > max)
    throw errorOf(413, UploadErrorCode.tooLarge, { name: fileName, size: mb(size), limit: mb(max) });

  const key = randomBytes(16).toString('hex');
  const quota = ctx.config.uploads.quotaPerCaseBytes;
  await ctx.db.db.transaction(async (tx) => {
    await lockCustomerUploads(tx, opts.customerId);
    const now = ctx.clock.now();
    const [stored] = await tx
      .select({ n: sql<string>`coalesce(sum(${upload.size}), 0)` })
      .from(upload)
      .where(and(eq(upload.customerId, opts.customerId), eq(upload.projectCode, opts.projectCode)));
    const [running] = await tx
      .select({ n: sql<string>`coalesce(sum(${uploadSession.size}), 0)` })
      .from(uploadSession)
      .where(
        and(
          eq(uploadSession.customerId, opts.customerId),
          eq(uploadSession.projectCode, opts.projectCode),
          isNull(uploadSession.finishedAt),
          gt(uploadSession.createdAt, new Date(now.getTime() - TRANSFER_MAX_AGE_MS)),
        ),
      );
    const used = Number(stored?.n ?? 0) + Number(running?.n ?? 0);
    if (used + size > quota) {
      throw errorOf(413, UploadErrorCode.quotaExceeded, {
        name: fileName,
        used: mb(used),
        quota: mb(quota),
      });
    }
    await tx.insert(uploadSession).values({
      key,
      customerId: opts.customerId,
      projectCode: opts.projectCode,
      fileName,
      declaredType,
      size,
      createdAt: now,
    });
  });
  return key;
}

/** The file name (and the type the browser declared) from Upload-Metadata; the name is required. */
function fileOf(header: string | undefined): { fileName: string; declaredType: string | null } {
  let meta: Record<string, string | null>;
  try {
    meta = Metadata.parse(header);
  } catch {
    throw errorOf(400, UploadErrorCode.nameInvalid);
  }
  // Some browsers send a whole path: keep the last segment.
  const fileName = (meta.filename ?? '').split(/[/\\]/).pop()!.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (!fileName || fileName.length > UPLOAD_NAME_MAX || /[\u0000-\u001f\u007f\ufffd]/.test(fileName)) {
    throw errorOf(400, UploadErrorCode.nameInvalid);
  }
  const type = meta.filetype?.trim() ?? '';
  return { fileName, declaredType: /^[\w.+-]+\/[\w.+-]+$/.test(type) && type.length <= 100 ? type : null };
}

/**
 * The project of a transfer of this customer; 404 for anyone else's (or an unknown key), so a key never reveals
 * that it exists. Used by the gate of the HEAD/PATCH/DELETE/GET calls of the tus endpoint.
 */
export async function transferProjectCode(ctx: AppContext, customerId: number, key: string) {
  const [row] = await ctx.db.db
    .select({ projectCode: uploadSession.projectCode })
    .from(uploadSession)
    .where(and(eq(uploadSession.key, key), eq(uploadSession.customerId, customerId)));
  if (!row) throw notFound();
  return row.projectCode as ProjectCode;
}

/**
 * Removes the record of a transfer the customer abandoned (tus DELETE) or whose creation was not answered 201
 * (the client got no Location, so it cannot go on), releasing its quota. A transfer that became an upload keeps
 * its record.
 */
export async function forgetTransfer(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.db
    .delete(uploadSession)
    .where(and(eq(uploadSession.key, key), isNull(uploadSession.uploadId)));
}

/** Whether a transfer has finished (became an upload or was refused) and its size; undefined when unknown. */
export async function transferState(ctx: AppContext, key: string) {
  const [row] = await ctx.db.db
    .select({ finishedAt: uploadSession.finishedAt, size: uploadSession.size })
    .from(uploadSession)
    .where(eq(uploadSession.key, key));
  return row ? { finished: row.finishedAt !== null, size: row.size } : undefined;
}
