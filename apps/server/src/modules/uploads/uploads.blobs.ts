import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { UploadKind } from '@dossier/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { upload } from '../../db/schema/index.ts';
import type { Rect } from '../../pdf/packet/content-bbox.ts';
import { encodeMarks } from '../../pdf/packet/page-marks.ts';
import { customerStoragePrefix } from '../customer/customer.purge.ts';

/**
 * Content-addressed blobs, per customer: `customers/<id>/blobs/<sha256>`. Per customer (not global) so that
 * deleting an account deletes its files with one deletePrefix, and so that one customer's upload can never
 * reveal (by a dedup shortcut) that another holds the same bytes. Two uploads of the same bytes by the same
 * customer share one blob; a blob is deleted when no upload row names it (as original or normalised PDF).
 */
export const blobKey = (customerId: number, sha256: string) =>
  `${customerStoragePrefix(customerId)}blobs/${sha256}`;

/**
 * Beside a normalised PDF's blob: what each of its pages paints (pdf/packet/page-marks.ts), recorded by the upload
 * check so the print file need not read the pages again (decision 0044). Goes with its blob.
 */
export const marksKey = (customerId: number, sha256: string) => `${blobKey(customerId, sha256)}.marks`;

export async function storePageMarks(ctx: AppContext, customerId: number, sha256: string, marks: Rect[][]) {
  await ctx.storage.put(marksKey(customerId, sha256), encodeMarks(marks), {
    contentType: 'application/json',
  });
}

export const CONTENT_TYPE: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  heic: 'image/heic',
  avif: 'image/avif',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Serialises, per customer, every decision about blobs and quota: inserting a row that names a blob (after
 * checking the blob is there), deleting a blob no row names, and reserving quota. Without it a blob could be
 * deleted between another upload's dedup check and its row insert.
 */
export async function lockCustomerUploads(db: Db, customerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:customer:${customerId}`}))`);
}

/** sha256 (hex) of a stream, read in chunks (never the whole file in memory). */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** How many upload rows of this customer name the blob (original or normalised PDF). Call under the lock. */
async function blobReferences(db: Db, customerId: number, sha256: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(upload)
    .where(
      and(eq(upload.customerId, customerId), or(eq(upload.sha256, sha256), eq(upload.pdfSha256, sha256))),
    );
  return row?.n ?? 0;
}

/**
 * Deletes the blobs no row names any more. Runs its own transaction holding the customer's upload lock, so a
 * concurrent upload of the same bytes either sees the blob gone (and stores it again) or has its row in first.
 */
export async function releaseBlobs(ctx: AppContext, customerId: number, shas: Array<string | null>) {
  const wanted = [...new Set(shas.filter((s): s is string => Boolean(s)))];
  if (wanted.length === 0) return 0;
  return ctx.db.db.transaction(async (tx) => {
    await lockCustomerUploads(tx, customerId);
    let removed = 0;
    for (const sha of wanted) {
      if ((await blobReferences(tx, customerId, sha)) === 0) {
        if (await ctx.storage.delete(blobKey(customerId, sha))) removed++;
        await ctx.storage.delete(marksKey(customerId, sha));
      }
    }
    return removed;
  });
}
