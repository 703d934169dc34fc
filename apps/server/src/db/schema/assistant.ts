import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The customer's consent to the writing assistant for one case (issue 33 item 3, decision 0083): the provider and
 * model the consent screen named, when it was granted, and when withdrawn (null while in force). Nothing is sent to
 * a provider without a row in force naming the configured provider and model.
 */
export const assistantConsent = pgTable('assistant_consent', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => workbenchCase.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  model: text('model').notNull(),
  grantedAt: ts('granted_at').notNull(),
  withdrawnAt: ts('withdrawn_at'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A suggestion the assistant made (issue 33 items 4–5): the task and its target (contract ZAssistantTarget), the
 * checked paragraphs (contract ZAssistantParagraph[], each with its decision), and the run's bookkeeping.
 */
export const assistantDraft = pgTable(
  'assistant_draft',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    /** contract ASSISTANT_TASKS */
    task: text('task').notNull(),
    target: jsonb('target').$type<unknown>().notNull(),
    instruction: text('instruction'),
    /** contract ASSISTANT_DRAFT_STATUSES */
    status: text('status').notNull(),
    /** contract ASSISTANT_FAILURES */
    failure: text('failure'),
    receivedChars: integer('received_chars').notNull().default(0),
    paragraphs: jsonb('paragraphs').$type<unknown[]>().notNull().default([]),
    removedSentences: integer('removed_sentences').notNull().default(0),
    failedCitations: integer('failed_citations').notNull().default(0),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    tokens: integer('tokens').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('assistant_draft_case_idx').on(t.caseId, t.id)],
);

/** Tokens and requests per customer per UTC day (item 2: the daily quota; staff see it). */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] }), index('assistant_usage_day_idx').on(t.day)],
);

/** The deployment's tokens per UTC day (item 2: the global budget), reserved atomically before a request. */
export const assistantBudget = pgTable('assistant_budget', {
  day: date('day', { mode: 'string' }).primaryKey(),
  tokens: integer('tokens').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});
