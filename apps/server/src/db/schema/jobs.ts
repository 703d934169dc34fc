import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per run of a maintenance job: what it did, for operators and for tests. */
export const jobRun = pgTable('job_run', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
  removed: integer('removed').notNull().default(0),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
});
