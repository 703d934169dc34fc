import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { staffUser } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A free assessment (spec §3 Free assessment): one draft per customer and area ('US' | 'HK'), submitted
 * once per person across both areas (the partial unique index makes a second submit impossible even
 * under concurrency).
 */
export const assessment = pgTable(
  'assessment',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    /** 'draft' | 'submitted' */
    status: text('status').notNull().default('draft'),
    /** TAssessmentData (contract assessment.ts). */
    data: jsonb('data').notNull().default({}),
    /** TSelfCheck computed at submit. */
    selfCheck: jsonb('self_check'),
    /** The submitter's interface language ('zh' | 'en'). */
    language: text('language'),
    submittedAt: ts('submitted_at'),
    /** Staff contact status (issue 16 item 8; decision 0035): LeadStatus 'new' | 'contacted' | 'closed'. */
    contactStatus: text('contact_status').notNull().default('new'),
    /** The staff member who claimed it. */
    holderId: integer('holder_id').references(() => staffUser.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    contactedAt: ts('contacted_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('assessment_customer_area_uq').on(t.customerId, t.area),
    uniqueIndex('assessment_one_submit_uq').on(t.customerId).where(sql`${t.status} = 'submitted'`),
    index('assessment_submitted_idx').on(t.submittedAt),
  ],
);
