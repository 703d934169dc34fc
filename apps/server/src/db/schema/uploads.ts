import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytes = (name: string) => bigint(name, { mode: 'number' });

/**
 * A file whose bytes are safely stored (content-addressed under customers/<id>/blobs/<sha256>): inserted only
 * after the original is in storage, so no row ever lacks its bytes. The case is customer × project until the
 * case table arrives (issue 11); `project_code` then maps to the case one to one.
 */
export const upload = pgTable(
  'upload',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    /** 'USA_EB1A' | 'USA_NIW': with the customer, the case the file belongs to. */
    projectCode: text('project_code').notNull(),
    originalName: text('original_name').notNull(),
    size: bytes('size').notNull(),
    /** sha256 (hex) of the original: its blob key. */
    sha256: text('sha256').notNull(),
    /** UploadKind, decided from the bytes. */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    /** 'checking' | 'ready' | 'refused' */
    status: text('status').notNull(),
    pages: integer('pages'),
    pdfSha256: text('pdf_sha256'),
    pdfSize: bytes('pdf_size'),
    /**
     * The first ~4 KB of the normalised PDF's text layer (pdf/text/page-text.ts), to judge its language (issue 28
     * item 5); '' when it has none (a scan, a photo), null when never read (a file checked before it was kept).
     */
    textSample: text('text_sample'),
    refusalCode: text('refusal_code'),
    refusalZh: text('refusal_zh'),
    refusalEn: text('refusal_en'),
    /** What uses the file (`evidence_file:12`, …), set by the module that references it; null when nothing does. */
    attachedTo: text('attached_to'),
    attachedAt: ts('attached_at'),
    /** Since when nothing references the file (creation, or the last detach); null while attached. */
    unreferencedSince: ts('unreferenced_since'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('upload_case_idx').on(t.customerId, t.projectCode),
    index('upload_blob_idx').on(t.customerId, t.sha256),
    index('upload_orphan_idx').on(t.unreferencedSince).where(sql`${t.unreferencedSince} is not null`),
    index('upload_checking_idx').on(t.createdAt).where(sql`${t.status} = 'checking'`),
  ],
);

/**
 * One tus transfer, from creation to the upload it became (or the reason it was refused). It reserves its size
 * against the case quota while it runs, proves who owns the transfer, and lets the purge remove the bytes of a
 * transfer abandoned half way.
 */
export const uploadSession = pgTable(
  'upload_session',
  {
    /** The tus upload key (32 hex characters). */
    key: text('key').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    projectCode: text('project_code').notNull(),
    fileName: text('file_name').notNull(),
    declaredType: text('declared_type'),
    size: bytes('size').notNull(),
    /** sha256 of the finished bytes, known once hashed (lets the purge free a blob a crash left behind). */
    sha256: text('sha256'),
    /** The upload the finished transfer became. */
    uploadId: integer('upload_id').references(() => upload.id, { onDelete: 'set null' }),
    refusalCode: text('refusal_code'),
    refusalZh: text('refusal_zh'),
    refusalEn: text('refusal_en'),
    finishedAt: ts('finished_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('upload_session_case_idx').on(t.customerId, t.projectCode),
    index('upload_session_created_idx').on(t.createdAt),
    uniqueIndex('upload_session_upload_uq').on(t.uploadId),
  ],
);
