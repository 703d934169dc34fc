import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The print file of a case (issue 14, decision 0027): one row per case holding the running build's state and the
 * last file built. `ready`/`stale` are not stored: GET compares `built_fingerprint` with the inputs' fingerprint
 * computed on read. The file columns change together, in one update, after the new file is in storage.
 */
export const casePacket = pgTable('case_packet', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => workbenchCase.id, { onDelete: 'cascade' }),
  /** 'idle' | 'queued' | 'generating' | 'failed' */
  buildState: text('build_state').notNull(),
  progress: integer('progress').notNull().default(0),
  phase: text('phase'),
  jobId: text('job_id'),
  /** The inputs' fingerprint when the running build was queued. */
  queuedFingerprint: text('queued_fingerprint'),
  errorCode: text('error_code'),
  /** The last file: storage key, size, pages, outline (TPacketOutlineNode[]), forms left out, when. */
  fileKey: text('file_key'),
  fileSize: integer('file_size'),
  filePages: integer('file_pages'),
  fileOutline: jsonb('file_outline').$type<unknown>(),
  missingForms: jsonb('missing_forms').$type<string[]>(),
  builtFingerprint: text('built_fingerprint'),
  /** Cache objects the last file was built from; the next build deletes those it no longer uses. */
  cacheKeys: jsonb('cache_keys').$type<string[]>(),
  generatedAt: ts('generated_at'),
  /** The day printed on the cover and used in the file name, in `file_time_zone` (the customer's; decision 0058). */
  fileDate: text('file_date'),
  fileTimeZone: text('file_time_zone'),
  /** The file's self-check (decision 0058): pages, bookmarks and references resolved; set with the file. */
  fileCheck: jsonb('file_check').$type<{ pages: number; bookmarks: number; references: number }>(),
  updatedAt: ts('updated_at').notNull(),
});
