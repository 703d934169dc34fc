import { type ProjectCode, UploadErrorCode } from '@dossier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { upload } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';

/**
 * How the evidence, letters and US-plan modules use an upload (decision 0016). Call inside the transaction that
 * saves the referencing row; `ref` names it (`evidence_file:12`, `letter:3:translation`, …).
 *
 * An upload nothing references is deleted by the purge UPLOAD_ORPHAN_HOURS after it was created or detached.
 */
export interface AttachOptions {
  customerId: number;
  /** The case the referencing row belongs to: an upload of another case is refused (404). */
  projectCode: ProjectCode;
  uploadId: number;
  ref: string;
  now: Date;
}

/**
 * Marks the upload as used by `ref`. 404 unless it is the customer's and of this case; 409 upload_refused for a
 * refused file; 409 upload_in_use when another ref holds it. Attaching again to the same ref is a no-op. A file
 * still "checking" may be attached (the screen shows its progress); the packet embeds only "ready" ones.
 */
export async function attachUpload(db: Db, opts: AttachOptions): Promise<void> {
  const mine = and(
    eq(upload.id, opts.uploadId),
    eq(upload.customerId, opts.customerId),
    eq(upload.projectCode, opts.projectCode),
  );
  const [row] = await db.select().from(upload).where(mine).for('update');
  if (!row) throw notFound();
  if (row.status === 'refused') throw errorOf(409, UploadErrorCode.refused);
  if (row.attachedTo === opts.ref) return;
  if (row.attachedTo !== null) throw errorOf(409, UploadErrorCode.inUse);
  await db
    .update(upload)
    .set({ attachedTo: opts.ref, attachedAt: opts.now, unreferencedSince: null, updatedAt: opts.now })
    .where(and(mine, isNull(upload.attachedTo)));
}

/**
 * Releases the upload from `ref` (the referencing row was deleted or now points at another file). Releasing an
 * upload `ref` does not hold is a no-op. The purge deletes it UPLOAD_ORPHAN_HOURS later unless attached again.
 */
export async function detachUpload(
  db: Db,
  opts: { customerId: number; uploadId: number; ref: string; now: Date },
): Promise<void> {
  await db
    .update(upload)
    .set({ attachedTo: null, attachedAt: null, unreferencedSince: opts.now, updatedAt: opts.now })
    .where(
      and(
        eq(upload.id, opts.uploadId),
        eq(upload.customerId, opts.customerId),
        eq(upload.attachedTo, opts.ref),
      ),
    );
}
