import type { ProjectCode } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import { attachUpload, detachUpload } from '../uploads/uploads.attach.ts';

/** One upload slot of a row: `ref` is what the upload records as its user (`evidence_file:12:original`). */
export interface Slot {
  ref: string;
  before: number | null;
  after: number | null;
}

/**
 * Moves a row's uploads from `before` to `after` inside the row's transaction (decision 0016): every changed
 * slot is released first, then the new uploads attached, so swapping two files between slots of one row works.
 * attachUpload answers 404 for an upload of another customer or case and 409 for a refused or used one.
 */
export async function syncSlots(
  db: Db,
  opts: { customerId: number; projectCode: ProjectCode; now: Date; slots: readonly Slot[] },
): Promise<void> {
  const { customerId, now } = opts;
  for (const s of opts.slots) {
    if (s.before !== null && s.before !== s.after) {
      await detachUpload(db, { customerId, uploadId: s.before, ref: s.ref, now });
    }
  }
  for (const s of opts.slots) {
    if (s.after !== null) {
      await attachUpload(db, {
        customerId,
        projectCode: opts.projectCode,
        uploadId: s.after,
        ref: s.ref,
        now,
      });
    }
  }
}

/** Releases every upload of a row being deleted. */
export const releaseSlots = (
  db: Db,
  opts: { customerId: number; projectCode: ProjectCode; now: Date; slots: readonly Omit<Slot, 'after'>[] },
) => syncSlots(db, { ...opts, slots: opts.slots.map((s) => ({ ...s, after: null })) });
