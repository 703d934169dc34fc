import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { entitlement } from './shop.ts';
import { staffUser } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A consultation (issue 16 item 4, decision 0033): the request behind one CONSULTATION entitlement, so its id is
 * the entitlement's id. Created on first use. `status` moves only through
 * modules/consultation/consultation.transitions.ts (conditional UPDATE … WHERE status IN …). `round` counts the
 * bookings: a booking after a cancel starts a new round, whose attempts start again at 1.
 */
export const consultation = pgTable(
  'consultation',
  {
    id: integer('id')
      .primaryKey()
      .references(() => entitlement.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    /** CONSULTATION_STATUSES */
    status: text('status').notNull(),
    round: integer('round').notNull().default(0),
    /** The booked call: wall-clock date and time in `timezone`, and the instant they name. */
    timezone: text('timezone'),
    localDate: text('local_date'),
    localTime: text('local_time'),
    bookedFor: ts('booked_for'),
    /** The account's phone when booked (the number the consultant calls). */
    areaCode: text('area_code'),
    phone: text('phone'),
    topic: text('topic'),
    bookedAt: ts('booked_at'),
    holderId: integer('holder_id').references(() => staffUser.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    /** When it ended (done, dropped or cancelled). */
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('consultation_queue_idx').on(t.status, t.bookedFor),
    index('consultation_customer_idx').on(t.customerId),
  ],
);

/** One call attempt: (consultation, round, n) is unique, so two racing attempts cannot both be the n-th. */
export const consultationAttempt = pgTable(
  'consultation_attempt',
  {
    id: serial('id').primaryKey(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultation.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    n: integer('n').notNull(),
    /** 'answered' | 'not_answered' */
    outcome: text('outcome').notNull(),
    /** What was discussed (answered calls; staff only). */
    note: text('note'),
    staffId: integer('staff_id').references(() => staffUser.id, { onDelete: 'set null' }),
    staffName: text('staff_name'),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('consultation_attempt_uq').on(t.consultationId, t.round, t.n)],
);
