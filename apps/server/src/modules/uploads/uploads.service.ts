import type { Readable } from 'node:stream';
import {
  type Locale,
  type ProjectCode,
  type TUpload,
  type TUploadLink,
  UPLOAD_LINK_SECONDS,
  UploadErrorCode,
  type UploadKind,
  type UploadStatus,
} from '@dossier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { blobKey, releaseBlobs } from './uploads.blobs.ts';

type UploadRow = typeof upload.$inferSelect;

/** The caller's upload, or 404 (also for another customer's id: ids never reveal that they exist). */
export async function ownUpload(ctx: AppContext, customerId: number, id: number): Promise<UploadRow> {
  const [row] = await ctx.db.db
    .select()
    .from(upload)
    .where(and(eq(upload.id, id), eq(upload.customerId, customerId)));
  if (!row) throw notFound();
  return row;
}

/** The project of the caller's upload (for the workbench gate), or 404. */
export async function uploadProjectCode(ctx: AppContext, customerId: number, id: number) {
  return (await ownUpload(ctx, customerId, id)).projectCode as ProjectCode;
}

export function toUploadView(row: UploadRow, locale: Locale): TUpload {
  const refused = row.status === 'refused';
  return {
    id: row.id,
    project_code: row.projectCode as ProjectCode,
    name: row.originalName,
    size: row.size,
    kind: row.kind as UploadKind,
    content_type: row.contentType,
    status: row.status as UploadStatus,
    pages: row.status === 'ready' ? row.pages : null,
    pdf_size: row.status === 'ready' ? row.pdfSize : null,
    refusal: refused
      ? { code: row.refusalCode ?? 'refused', msg: (locale === 'en' ? row.refusalEn : row.refusalZh) ?? '' }
      : null,
    attached: row.attachedTo !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/customer/uploads/{id}/ */
export async function getUpload(ctx: AppContext, opts: { customerId: number; id: number; locale: Locale }) {
  return toUploadView(await ownUpload(ctx, opts.customerId, opts.id), opts.locale);
}

export interface Download {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

/**
 * The bytes of the caller's upload, streamed from storage: the original as uploaded, or the normalised PDF
 * (409 upload_not_ready while checking or after a refusal).
 */
export async function openUpload(
  ctx: AppContext,
  opts: { customerId: number; id: number; variant: 'original' | 'pdf' },
): Promise<Download> {
  const row = await ownUpload(ctx, opts.customerId, opts.id);
  if (opts.variant === 'original') {
    const { stream, object } = await ctx.storage.get(blobKey(row.customerId, row.sha256));
    return { stream, size: object.size, contentType: row.contentType, fileName: row.originalName };
  }
  if (row.status !== 'ready' || !row.pdfSha256) throw errorOf(409, UploadErrorCode.notReady);
  const { stream, object } = await ctx.storage.get(blobKey(row.customerId, row.pdfSha256));
  return { stream, size: object.size, contentType: 'application/pdf', fileName: pdfName(row.originalName) };
}

/**
 * A download link for the caller's own upload: presigned by the object store when it can sign (S3), else the
 * API route. Ownership and readiness are checked exactly as for the download itself.
 */
export async function uploadLink(
  ctx: AppContext,
  opts: { customerId: number; id: number; variant: 'original' | 'pdf'; inline: boolean },
): Promise<TUploadLink> {
  const row = await ownUpload(ctx, opts.customerId, opts.id);
  const pdf = opts.variant === 'pdf';
  if (pdf && (row.status !== 'ready' || !row.pdfSha256)) throw errorOf(409, UploadErrorCode.notReady);
  const apiRoute = `/api/customer/uploads/${row.id}/${opts.variant}/`;
  if (!ctx.storage.signedUrl) return { url: apiRoute, presigned: false, expires_in: null };
  const url = await ctx.storage.signedUrl(blobKey(row.customerId, pdf ? row.pdfSha256! : row.sha256), {
    expiresIn: UPLOAD_LINK_SECONDS,
    filename: pdf ? pdfName(row.originalName) : row.originalName,
    inline: opts.inline,
    contentType: pdf ? 'application/pdf' : row.contentType,
  });
  return { url, presigned: true, expires_in: UPLOAD_LINK_SECONDS };
}

/** "scan.jpg" → "scan.pdf"; "report.pdf" stays. */
export function pdfName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.pdf`;
}

/**
 * DELETE /api/customer/uploads/{id}/: the row, then its blobs when no other upload of the customer shares them.
 * 409 upload_in_use while evidence, a letter or an attachment references it.
 */
export async function deleteUpload(ctx: AppContext, opts: { customerId: number; id: number }): Promise<void> {
  const row = await ownUpload(ctx, opts.customerId, opts.id);
  // Conditional on "not attached", so an attach racing this delete wins or loses whole.
  const [gone] = await ctx.db.db
    .delete(upload)
    .where(and(eq(upload.id, row.id), eq(upload.customerId, opts.customerId), isNull(upload.attachedTo)))
    .returning({ sha256: upload.sha256, pdfSha256: upload.pdfSha256 });
  if (!gone) throw errorOf(409, UploadErrorCode.inUse);
  await releaseBlobs(ctx, opts.customerId, [gone.sha256, gone.pdfSha256]);
}
