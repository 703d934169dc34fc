import { sql } from 'drizzle-orm';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { plan, project } from './shop.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The case (issue 11): one per customer and project, created on the first workbench read by an entitled
 * customer. Stages and completeness are computed from the rows that hang off it, never stored here.
 * (`case` is an SQL keyword, hence the table name.)
 */
export const workbenchCase = pgTable(
  'workbench_case',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    planId: integer('plan_id').references(() => plan.id, { onDelete: 'set null' }),
    /** Form I-907 chosen: the I-907 and its payment join the filing. */
    premiumProcessing: boolean('premium_processing').notNull().default(false),
    /** 'G-1450' | 'G-1650': one payment method for every fee. */
    paymentMethod: text('payment_method').notNull().default('G-1450'),
    /** The petitioner's name highlighted on exhibit pages whose text layer shows it (issue 30 item 8). */
    highlightName: boolean('highlight_name').notNull().default(false),
    /**
     * When the customer plans to mail the petition (issue 31 item 4): eligibility is judged at filing, so evidence
     * dated after it is flagged; null = not set (the review then compares with today).
     */
    plannedFilingDate: date('planned_filing_date', { mode: 'string' }),
    settingsVersion: integer('settings_version').notNull().default(0),
    /** The shared profile (packages/forms profile.ts keys → values). */
    profile: jsonb('profile').notNull().default({}),
    profileVersion: integer('profile_version').notNull().default(0),
    profileUpdatedAt: ts('profile_updated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('workbench_case_customer_project_uq').on(t.customerId, t.projectId)],
);

/**
 * A stage submitted by the customer (history: the latest counts). `fingerprint` is a digest of the stage's
 * content when it was submitted: the stage shows as submitted only while its content still has that digest.
 */
export const stageSubmission = pgTable(
  'stage_submission',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    fingerprint: text('fingerprint').notNull(),
    submittedAt: ts('submitted_at').notNull(),
  },
  (t) => [index('stage_submission_case_idx').on(t.caseId, t.stage, t.submittedAt)],
);

/**
 * The answers of one official form of a case (spec §7 immigration_data): `data` is the last complete save
 * (the form's own answers; profile-bound items live in the profile unless overridden), `draft` what the user
 * last typed. `version` grows with every write (optimistic concurrency).
 */
export const immigrationData = pgTable(
  'immigration_data',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    formNumber: text('form_number').notNull(),
    edition: text('edition').notNull(),
    data: jsonb('data'),
    draft: jsonb('draft'),
    /** Profile-bound items answered for this form only. */
    overrides: jsonb('overrides').notNull().default([]),
    version: integer('version').notNull().default(0),
    savedAt: ts('saved_at'),
    draftSavedAt: ts('draft_saved_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('immigration_data_case_form_uq').on(t.caseId, t.formNumber, t.edition)],
);

/**
 * The form-edition registry: which editions are known, which one USCIS accepts now, its expiry and its
 * blank — shipped with the release (packages/forms/blanks) or uploaded by staff into storage.
 */
export const formEdition = pgTable(
  'form_edition',
  {
    id: serial('id').primaryKey(),
    formNumber: text('form_number').notNull(),
    edition: text('edition').notNull(),
    editionDate: text('edition_date').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    /** OMB expiry printed on the form, YYYY-MM-DD. */
    expires: text('expires'),
    officialUrl: text('official_url').notNull(),
    /** 'shipped' | 'uploaded' | null (no blank) */
    blankSource: text('blank_source'),
    /** Shipped: file name in packages/forms/blanks; uploaded: storage key. */
    blankRef: text('blank_ref'),
    blankSha256: text('blank_sha256'),
    blankUploadedBy: text('blank_uploaded_by'),
    /**
     * Staff's field map of this edition's blank (issue 30 item 4): item id → the blank's field per slot and whether
     * it was confirmed (modules/forms/edition-mapping.ts). Null: the definition's own fields.
     */
    mapping: jsonb('mapping'),
    /** Published by staff: the day (YYYY-MM-DD) from which a case filed on or after it uses this edition. */
    effectiveFrom: text('effective_from'),
    publishedAt: ts('published_at'),
    publishedBy: text('published_by'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('form_edition_form_edition_uq').on(t.formNumber, t.edition),
    uniqueIndex('form_edition_one_current_uq').on(t.formNumber).where(sql`${t.isCurrent}`),
  ],
);

/** Small per-customer choices remembered on the server ("No Further Reminders"). */
export const customerPreference = pgTable(
  'customer_preference',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);
