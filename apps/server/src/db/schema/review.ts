import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { upload } from './uploads.ts';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A case-review finding the customer marked as intended (issue 31 item 3: "Dr. Zhang Wei" / "Wei Zhang"): by the
 * finding's stable key; it then neither blocks nor warns, and the report still lists it.
 */
export const reviewIntended = pgTable(
  'review_intended',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.key] })],
);

/**
 * An accepted upload's text, one entry per page of its normalised PDF (text layer; '' for a page without one),
 * kept at the upload check (issue 31 item 5, issue 33 item 1): the review's letter similarity, leftovers and
 * translation checks read it. `source` says how each page's text was got ('layer'; 'ocr' later).
 */
export const uploadPageText = pgTable('upload_page_text', {
  uploadId: integer('upload_id')
    .primaryKey()
    .references(() => upload.id, { onDelete: 'cascade' }),
  pages: jsonb('pages').$type<string[]>().notNull(),
  source: text('source').notNull().default('layer'),
  /**
   * How each page's text was got (issue 33 item 1, contract EXHIBIT_TEXT_SOURCES): 'layer', 'ocr', 'none',
   * 'ocr_timeout' (past its time limit), 'ocr_unavailable' (Tesseract not installed); null = every page 'layer'
   * (rows kept before OCR).
   */
  pageSources: jsonb('page_sources').$type<string[]>(),
  createdAt: ts('created_at').notNull(),
});
