import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZSafeCount } from './common.ts';
import { ZProjectCode } from './shop.ts';

/**
 * Uploads (issue 12 item 6): files streamed over the tus protocol (https://tus.io/protocols/resumable-upload),
 * stored content-addressed, then normalised into PDF pages by a job. The evidence, letters and US-plan screens
 * reference an upload by its id. See docs/decisions/0016-uploads.md.
 *
 * tus endpoint (a tus 1.0.0 server, `Tus-Resumable: 1.0.0` on every request, bearer token as everywhere):
 *   POST   /api/customer/uploads/tus/?project_code=USA_EB1A   Upload-Length (required), Upload-Metadata
 *          `filename <base64>[,filetype <base64>]` → 201 Location /api/customer/uploads/tus/{upload_key}
 *   HEAD   /api/customer/uploads/tus/{upload_key}             → Upload-Offset (resume from there)
 *   PATCH  /api/customer/uploads/tus/{upload_key}             Upload-Offset, application/offset+octet-stream
 *          → 204 Upload-Offset; the last PATCH checks the content and answers 422 { code, msg } when the file is
 *          not a PDF or a supported image (the message names the file)
 *   DELETE /api/customer/uploads/tus/{upload_key}             abandons an unfinished upload
 *   GET    /api/customer/uploads/tus/{upload_key}/            the upload the finished transfer became (ZUpload)
 * Errors of the tus endpoint are `{ code, msg }` too (HEAD: status only).
 */

/** Where the tus client points (`endpoint`). */
export const UPLOAD_TUS_PATH = '/api/customer/uploads/tus/';
/** An upload nothing references (evidence, letters, attachments) is deleted after this many hours. */
export const UPLOAD_ORPHAN_HOURS = 24;
/** Longest original file name kept (longer names are refused at creation). */
export const UPLOAD_NAME_MAX = 255;
/** Size of each PATCH the web client sends: a dropped connection loses at most this much. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/** The key of a tus transfer (32 lowercase hex characters, chosen by the server). */
export const ZUploadKey = z.string().regex(/^[0-9a-f]{32}$/, 'upload_key');
export const ZUploadKeyParams = z.object({ key: ZUploadKey });
export type TUploadKeyParams = z.infer<typeof ZUploadKeyParams>;

/** POST …/uploads/tus/?project_code= — the case (customer × project) the file belongs to. */
export const ZUploadCreateQuery = z.object({ project_code: ZProjectCode });

/** What the content is (decided from the bytes, never from the name). */
export const UPLOAD_KINDS = ['pdf', 'jpeg', 'png', 'tiff', 'bmp', 'heic', 'avif', 'gif', 'webp'] as const;
export const ZUploadKind = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof ZUploadKind>;

/** checking (the normaliser runs) → ready (embeddable PDF pages) | refused (reason naming the file). */
export const UPLOAD_STATUSES = ['checking', 'ready', 'refused'] as const;
export const ZUploadStatus = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof ZUploadStatus>;

/** GET /api/customer/uploads/{id}/ */
export const ZUpload = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  /** The original file name as the customer's device gave it. */
  name: z.string(),
  /** Bytes of the original file. */
  size: ZSafeCount,
  kind: ZUploadKind,
  content_type: z.string(),
  status: ZUploadStatus,
  /** Pages of the normalised PDF (ready only). */
  pages: ZCountValue.nullable(),
  /** Bytes of the normalised PDF (ready only). */
  pdf_size: ZSafeCount.nullable(),
  /** Why the file was refused, in the caller's language, naming the file (refused only). */
  refusal: z.object({ code: z.string(), msg: z.string() }).nullable(),
  /** True while an evidence file, letter or attachment uses it (then it cannot be deleted). */
  attached: z.boolean(),
  created_at: z.string(),
});
export type TUpload = z.infer<typeof ZUpload>;

export const ZUploadIdParams = z.object({ id: ZIdParam });

/** DELETE /api/customer/uploads/{id}/ */
export const ZUploadDeleted = z.object({ msg: z.string() });

/**
 * `GET /api/customer/uploads/{id}/link/?variant=original|pdf&inline=1` — a download link for the caller's own
 * file: with object storage (STORAGE=s3) a presigned URL the browser fetches from the store directly, valid
 * `expires_in` seconds; with the local disk the API's own download route (bearer token needed).
 */
export const ZUploadLinkQuery = z.object({
  variant: z.enum(['original', 'pdf']).default('original'),
  inline: z.enum(['0', '1']).optional(),
});
export const ZUploadLink = z.object({
  url: z.string(),
  /** True when the URL is presigned (no token needed); false for the API route. */
  presigned: z.boolean(),
  expires_in: ZSafeCount.nullable(),
});
export type TUploadLink = z.infer<typeof ZUploadLink>;
/** Seconds a presigned download link stays valid. */
export const UPLOAD_LINK_SECONDS = 300;

/** Error codes of this area; each is errors.<code> in packages/i18n. */
export const UploadErrorCode = {
  /** Upload-Length is missing or Upload-Defer-Length was sent: the size must be known up front. */
  lengthRequired: 'upload_length_required',
  /** The Upload-Metadata `filename` is missing, empty, too long or holds control characters. */
  nameInvalid: 'upload_name_invalid',
  /** Larger than UPLOAD_MAX_MB. */
  tooLarge: 'upload_too_large',
  /** The case's uploads would pass UPLOAD_QUOTA_PER_CASE_MB. */
  quotaExceeded: 'upload_quota_exceeded',
  /** The content is not a PDF or a supported image (the message names the file and what it is). */
  refused: 'upload_refused',
  /** Upload-Offset does not match what the server holds: ask with HEAD and resume from there. */
  offsetConflict: 'upload_offset_conflict',
  /** The transfer has not received all its bytes yet. */
  incomplete: 'upload_incomplete',
  /** The normalised PDF is asked for before the check finished or after a refusal. */
  notReady: 'upload_not_ready',
  /** The upload is used by evidence, a letter or an attachment: remove it there first. */
  inUse: 'upload_in_use',
  /** Upload-Concat (tus concatenation) was sent: transfers are one file each, never assembled from parts. */
  concatUnsupported: 'upload_concat_unsupported',
} as const;
