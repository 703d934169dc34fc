import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffUser } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff note on a queue item (decision 0035): an agent appointment, an assessment or a suggestion.
 * Notes are added, never edited.
 */
export const staffNote = pgTable(
  'staff_note',
  {
    id: serial('id').primaryKey(),
    /** 'agent_appointment' | 'assessment' | 'advice' */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    staffId: integer('staff_id').references(() => staffUser.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('staff_note_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);

/**
 * Fee-table rows added by staff after a release (decision 0035): insert-only, each starting after the day it
 * was added, so an amount a past filing used is never changed. Read together with the shipped table.
 */
export const feeRow = pgTable(
  'fee_row',
  {
    id: serial('id').primaryKey(),
    /** FeeKey */
    feeKey: text('fee_key').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    cents: integer('cents').notNull(),
    createdBy: integer('created_by').references(() => staffUser.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('fee_row_key_from_uq').on(t.feeKey, t.effectiveFrom)],
);
