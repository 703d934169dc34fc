import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { staffUser } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An immigration-agent appointment request (spec §3 Agent appointment), from a logged-in customer or a
 * visitor (`customer_id` null; kept when the account is deleted, unlinked).
 */
export const agentAppointment = pgTable(
  'agent_appointment',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    wechat: text('wechat'),
    /** IANA code of a seeded time zone. */
    timezone: text('timezone').notNull(),
    /** The appointment day in `timezone`. */
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** One of APPOINTMENT_TIME_RANGES. */
    timeRange: text('time_range').notNull(),
    /** Where the form was opened ('immigrant_page', 'home', …). */
    entrance: text('entrance').notNull().default(''),
    /** The submitter's interface language ('zh' | 'en'). */
    language: text('language').notNull(),
    /** The client's Idempotency-Key: a retried submission finds this row instead of booking twice. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of what was submitted with that key (the same key with other content is refused). */
    requestHash: text('request_hash'),
    /** Staff contact status (issue 16 item 8; decision 0035): LeadStatus 'new' | 'contacted' | 'closed'. */
    contactStatus: text('contact_status').notNull().default('new'),
    /** The staff member who claimed it. */
    holderId: integer('holder_id').references(() => staffUser.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    contactedAt: ts('contacted_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('agent_appointment_created_idx').on(t.createdAt),
    index('agent_appointment_customer_idx').on(t.customerId),
    index('agent_appointment_queue_idx').on(t.contactStatus, t.createdAt),
    uniqueIndex('agent_appointment_idempotency_uq')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
