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
  unique,
} from 'drizzle-orm/pg-core';
import { evidenceFolder } from './evidence.ts';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const caseRef = () =>
  integer('case_id')
    .notNull()
    .references(() => workbenchCase.id, { onDelete: 'cascade' });

/**
 * After filing (issue 32, decision 0076): one row per case once the customer records the mailing. `stage` is the
 * case's stage after filing (contract filing.ts FILING_STAGES); `exhibitSnapshot` the exhibit numbers as mailed
 * (folder id → number, taken when the mailing is recorded) that an RFE response cites and numbers on from.
 */
export const caseFiling = pgTable('case_filing', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => workbenchCase.id, { onDelete: 'cascade' }),
  mailedOn: date('mailed_on', { mode: 'string' }),
  /** contract FILING_CARRIERS */
  carrier: text('carrier'),
  trackingNumber: text('tracking_number'),
  /** contract FILING_STAGES */
  stage: text('stage').notNull(),
  stageOn: date('stage_on', { mode: 'string' }),
  /** TFilingExhibitSnapshot: { taken_at, exhibits: [{ folder_id, number, name_en }] } */
  exhibitSnapshot: jsonb('exhibit_snapshot').$type<unknown>(),
  version: integer('version').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A receipt notice (I-797C) for one form: its receipt number (three letters + ten digits), notice date, premium,
 * the scanned notice (an upload), the latest status and the poller's bookkeeping (`next_poll_at`, failures).
 * `closed` receipts (approved, denied, withdrawn) are never polled.
 */
export const filingReceipt = pgTable(
  'filing_receipt',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    /** 'I-140' | 'I-907' | … (contract FILING_RECEIPT_FORMS) */
    form: text('form').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    noticeDate: date('notice_date', { mode: 'string' }),
    premium: boolean('premium').notNull().default(false),
    noticeUploadId: integer('notice_upload_id'),
    /** contract CASE_STATUS_CODES; null until a status is known */
    statusCode: text('status_code'),
    /** USCIS's English status title and description, or the customer's own words for a manual status */
    statusText: text('status_text'),
    statusDescription: text('status_description'),
    statusSource: text('status_source'),
    statusAt: ts('status_at'),
    closed: boolean('closed').notNull().default(false),
    lastPolledAt: ts('last_polled_at'),
    nextPollAt: ts('next_poll_at'),
    pollFailures: integer('poll_failures').notNull().default(0),
    lastPollError: text('last_poll_error'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('filing_receipt_case_number_uq').on(t.caseId, t.receiptNumber),
    index('filing_receipt_poll_idx').on(t.closed, t.nextPollAt),
  ],
);

/** A receipt's status history: every status seen (polled or typed), the newest last; `notified_at` once notified. */
export const filingStatusEvent = pgTable(
  'filing_status_event',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => filingReceipt.id, { onDelete: 'cascade' }),
    caseId: caseRef(),
    statusCode: text('status_code').notNull(),
    statusText: text('status_text').notNull(),
    statusDescription: text('status_description'),
    /** 'uscis' | 'manual' */
    source: text('source').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }),
    observedAt: ts('observed_at').notNull(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [index('filing_status_event_receipt_idx').on(t.receiptId, t.id)],
);

/** Calls made to the case status API per UTC day (the daily quota, shared by every process). */
export const caseStatusUsage = pgTable('case_status_usage', {
  day: date('day', { mode: 'string' }).primaryKey(),
  calls: integer('calls').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A request for evidence (or notice of intent to deny) on the case: notice date, response due date (87 days after
 * the notice by default), the scanned notice, when the response was mailed, and the due-date reminders sent.
 */
export const caseRfe = pgTable(
  'case_rfe',
  {
    id: serial('id').primaryKey(),
    caseId: caseRef(),
    /** 'rfe' | 'noid' */
    kind: text('kind').notNull().default('rfe'),
    receiptId: integer('receipt_id').references(() => filingReceipt.id, { onDelete: 'set null' }),
    noticeDate: date('notice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    noticeUploadId: integer('notice_upload_id'),
    respondedOn: date('responded_on', { mode: 'string' }),
    /** 'open' | 'responded' | 'closed' */
    status: text('status').notNull().default('open'),
    /** Days-before-due reminders already sent (30, 14, 3). */
    remindersSent: jsonb('reminders_sent').$type<number[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('case_rfe_case_idx').on(t.caseId, t.id)],
);

/** One finding of the officer's, quoted or summarised, in the notice's order. */
export const rfeFinding = pgTable(
  'rfe_finding',
  {
    id: serial('id').primaryKey(),
    rfeId: integer('rfe_id')
      .notNull()
      .references(() => caseRfe.id, { onDelete: 'cascade' }),
    caseId: caseRef(),
    position: integer('position').notNull(),
    /** 'quoted' | 'summary' */
    mode: text('mode').notNull(),
    text: text('text').notNull(),
    /** The criterion (or NIW prong) it concerns, when it concerns one. */
    criterion: text('criterion'),
    note: text('note'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('rfe_finding_rfe_idx').on(t.rfeId, t.position)],
);

/**
 * A finding answered by an exhibit: an exhibit of the filed packet (cited by its number as mailed; `reprint` puts it
 * in the response packet again) or a new evidence folder (numbered on from the filed packet).
 */
export const rfeFindingExhibit = pgTable(
  'rfe_finding_exhibit',
  {
    findingId: integer('finding_id')
      .notNull()
      .references(() => rfeFinding.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => evidenceFolder.id, { onDelete: 'cascade' }),
    caseId: caseRef(),
    reprint: boolean('reprint').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.findingId, t.folderId] }),
    index('rfe_finding_exhibit_case_idx').on(t.caseId),
  ],
);

/** The RFE response packet: the running build's state and the last file (as case_packet for the petition). */
export const rfePacket = pgTable('rfe_packet', {
  rfeId: integer('rfe_id')
    .primaryKey()
    .references(() => caseRfe.id, { onDelete: 'cascade' }),
  caseId: caseRef(),
  /** 'idle' | 'queued' | 'generating' | 'failed' */
  buildState: text('build_state').notNull(),
  errorCode: text('error_code'),
  fileKey: text('file_key'),
  fileSize: integer('file_size'),
  filePages: integer('file_pages'),
  builtFingerprint: text('built_fingerprint'),
  fileCheck: jsonb('file_check').$type<unknown>(),
  generatedAt: ts('generated_at'),
  updatedAt: ts('updated_at').notNull(),
});
