import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const caseRef = () =>
  integer('case_id')
    .notNull()
    .references(() => workbenchCase.id, { onDelete: 'cascade' });

/**
 * Evidence, letters and US-plan attachments (issue 12, decision 0018). Upload ids are plain integers: the
 * upload module's `attached_to` is what keeps a referenced upload alive (attachUpload/detachUpload in the same
 * transaction as the row), and the customer purge removes both sides.
 */

/** The claimed criteria of a case in display order, and the NIW direction (null for EB-1A / not chosen). */
export const evidenceCriteria = pgTable('evidence_criteria', {
  caseId: caseRef().primaryKey(),
  /** 'advanced_degree' | 'exceptional_ability' | null */
  niwDirection: text('niw_direction'),
  /** Criterion keys (contract CRITERIA), in order. */
  claimed: jsonb('claimed').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * How the case's exhibits are numbered (issue 28 item 4, decision 0055): 'criterion' (the default: background,
 * then the claimed criteria, each criterion's folders in their order), 'custom' (`sequence`: folder ids across
 * criteria as the customer arranged them) or 'first_cited' (in the order the petition letter first cites them).
 * No row = 'criterion', version 0. Versioned like the other case settings (409 on a stale version).
 */
export const exhibitOrder = pgTable('exhibit_order', {
  caseId: caseRef().primaryKey(),
  /** 'criterion' | 'custom' | 'first_cited' */
  mode: text('mode').notNull().default('criterion'),
  /** Folder ids in the customer's sequence ('custom'); ids of deleted folders are skipped when read. */
  sequence: jsonb('sequence').$type<number[]>().notNull().default([]),
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/** An evidence folder: criterion + evidence name (+ English name), ordered within its criterion. */
export const evidenceFolder = pgTable(
  'evidence_folder',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    criterion: text('criterion').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** One line on the packet's exhibit list, under the title (issue 30 item 2, decision 0068); null = none. */
    description: text('description'),
    /** What kind of evidence it is (issue 31 item 1: review/content evidence kinds of its criterion); null = untagged. */
    kind: text('kind'),
    /** The date of what it proves (issue 31 item 4: evidence dated after the planned filing is flagged); null = unset. */
    evidenceDate: date('evidence_date', { mode: 'string' }),
    sortOrder: integer('sort_order').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('evidence_folder_case_idx').on(t.caseId, t.criterion, t.sortOrder)],
);

/** A file of a folder: the original upload and, for personal translation, the translated one. */
export const evidenceFile = pgTable(
  'evidence_file',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => evidenceFolder.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    webLink: text('web_link'),
    needsTranslation: boolean('needs_translation').notNull(),
    /** 'service' | 'personal' | null (no translation needed) */
    translationMode: text('translation_mode'),
    originalUploadId: integer('original_upload_id').notNull(),
    translationUploadId: integer('translation_upload_id'),
    sortOrder: integer('sort_order').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('evidence_file_folder_idx').on(t.folderId, t.sortOrder),
    // Every read of a case's exhibits (the summary, the checklist, the packet) selects them by case.
    index('evidence_file_case_idx').on(t.caseId),
  ],
);

/** A recommender and the four documents of the letter (letter, translation, résumé, translation). */
export const recommendationLetter = pgTable(
  'recommendation_letter',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull(),
    nameEn: text('name_en'),
    jobTitleEn: text('job_title_en'),
    needsTranslation: boolean('needs_translation').notNull(),
    translationMode: text('translation_mode'),
    letterUploadId: integer('letter_upload_id'),
    letterTranslationUploadId: integer('letter_translation_upload_id'),
    resumeUploadId: integer('resume_upload_id'),
    resumeTranslationUploadId: integer('resume_translation_upload_id'),
    /** 'drafting' | 'sent' | 'signed' | 'received' */
    status: text('status').notNull().default('drafting'),
    independent: boolean('independent').notNull().default(false),
    /**
     * The recommender's relation to the petitioner (issue 31 item 5; contract LETTER_RELATIONS): 'independent' |
     * 'collaborator' | 'coauthor' | 'supervisor' | 'employer' | 'client' | 'other'; null = not said yet.
     */
    relation: text('relation'),
    /** The recommender co-authored with the petitioner. */
    coauthored: boolean('coauthored').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('recommendation_letter_case_idx').on(t.caseId, t.sortOrder)],
);

/** Evidence folders a letter cites (deleting a cited folder warns first and names the letter). */
export const letterEvidence = pgTable(
  'letter_evidence',
  {
    letterId: integer('letter_id')
      .notNull()
      .references(() => recommendationLetter.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => evidenceFolder.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.letterId, t.folderId] }),
    index('letter_evidence_folder_idx').on(t.folderId),
  ],
);

/** A US-plan attachment. */
export const planAttachment = pgTable(
  'plan_attachment',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    needsTranslation: boolean('needs_translation').notNull(),
    translationMode: text('translation_mode'),
    uploadId: integer('upload_id').notNull(),
    translationUploadId: integer('translation_upload_id'),
    sortOrder: integer('sort_order').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('plan_attachment_case_idx').on(t.caseId, t.sortOrder)],
);

/**
 * A review or translation task in progress on part of a case (issue 12 item 8): while a row covers a scope,
 * customer edits of it are refused ("urgent processing in progress"). The services issue inserts and deletes the
 * rows; `scope` 'all' covers every part.
 */
export const caseLock = pgTable(
  'case_lock',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    /** 'all' | 'evidence' | 'letters' | 'plan' | 'petition' | 'forms' */
    scope: text('scope').notNull(),
    /** 'review' | 'translation' */
    reason: text('reason').notNull(),
    /** The task that holds the lock (set by the services issue). */
    taskRef: text('task_ref'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('case_lock_case_idx').on(t.caseId, t.scope)],
);
