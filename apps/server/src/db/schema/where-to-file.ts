import { date, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { staffUser } from './staff.ts';

/**
 * Versions of the "where to file" table published by staff (decision 0067): insert-only, each with its own
 * effective date after the day it was published, so the address a past filing used never changes. Read together
 * with the shipped versions (packages/contract filing-addresses.ts); a case uses the one in force on its filing date.
 */
export const whereToFileVersion = pgTable('where_to_file_version', {
  id: serial('id').primaryKey(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull().unique(),
  /** The whole table (ZWhereToFileTable): lockboxes with USPS and courier addresses, rules, source, checked. */
  content: jsonb('content').notNull(),
  createdBy: integer('created_by').references(() => staffUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
