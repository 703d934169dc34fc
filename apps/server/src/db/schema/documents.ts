import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The US plan and the petition letter (issue 13, decision 0022): one row per case × kind holding the current
 * contract JSON and its version (optimistic concurrency), and a bounded history of earlier versions.
 */
export const caseDocument = pgTable(
  'case_document',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    /** 'us_plan' | 'petition_letter' | 'rfe_response' (the RFE response letter: decision 0077) */
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    /** ZLetterDocument, validated on every write. */
    content: jsonb('content').$type<unknown>().notNull(),
    /** Item 7: 'review' | 'translation' | null (which bought service runs first). */
    serviceFirst: text('service_first'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [unique('case_document_case_kind_uq').on(t.caseId, t.kind)],
);

/** One saved version; consecutive autosaves overwrite the latest autosave row instead of adding rows. */
export const caseDocumentVersion = pgTable(
  'case_document_version',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => caseDocument.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<unknown>().notNull(),
    autosave: boolean('autosave').notNull(),
    restoredFrom: integer('restored_from'),
    chars: integer('chars').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('case_document_version_doc_idx').on(t.documentId, t.id)],
);
