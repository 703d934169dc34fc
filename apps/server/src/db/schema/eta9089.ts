import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { workbenchCase } from './workbench.ts';

/**
 * The signed ETA-9089 of an NIW case (issue 28 item 6, decision 0060): the main form with Appendix A, and DOL's
 * Final Determination where one was issued. Each is an upload attached as `eta9089:<caseId>:<kind>`.
 */
export const caseEta9089 = pgTable('case_eta9089', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => workbenchCase.id, { onDelete: 'cascade' }),
  formUploadId: integer('form_upload_id'),
  determinationUploadId: integer('determination_upload_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
