import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { staffUser } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Q&A categories (seeded by `key`), in display order. */
export const qaCategory = pgTable(
  'qa_category',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('qa_category_key_uq').on(t.key)],
);

/**
 * A question and its answer in both languages. Seeded rows carry a `seed_key`; a customer's question is
 * stored unpublished in the language it was asked in, and staff publish it once answered.
 */
export const qa = pgTable(
  'qa',
  {
    id: serial('id').primaryKey(),
    seedKey: text('seed_key'),
    categoryId: integer('category_id').references(() => qaCategory.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    questionZh: text('question_zh'),
    answerZh: text('answer_zh'),
    questionEn: text('question_en'),
    answerEn: text('answer_en'),
    /** The language a customer asked in ('zh' | 'en'). */
    language: text('language').notNull().default('zh'),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Set when staff first answer it in both languages (decision 0035). */
    answeredAt: ts('answered_at'),
    answeredBy: integer('answered_by').references(() => staffUser.id, { onDelete: 'set null' }),
    /** Set when the asker was told it is answered and published: told once. */
    askerNotifiedAt: ts('asker_notified_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('qa_seed_key_uq').on(t.seedKey),
    index('qa_published_idx').on(t.categoryId, t.position, t.id).where(sql`${t.published}`),
    index('qa_customer_idx').on(t.customerId),
  ],
);

/**
 * Who searched a keyword on which day (decision 0052): one row per keyword (normalised: trimmed, lower-cased),
 * UTC day and visitor, so the hot keywords count distinct visitors per keyword per day, not searches. `visitor` is
 * a keyed hash of the customer id or the client address and the day (modules/qa/visitor.ts): no address and no
 * customer id is stored, and a visitor cannot be followed from one day to the next.
 */
export const qaSearch = pgTable(
  'qa_search',
  {
    id: serial('id').primaryKey(),
    keyword: text('keyword').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    /** The visitor's first search of the keyword that day. */
    searchedAt: ts('searched_at').notNull(),
  },
  (t) => [
    index('qa_search_searched_idx').on(t.searchedAt, t.keyword),
    uniqueIndex('qa_search_visit_uq').on(t.keyword, t.day, t.visitor),
  ],
);

/**
 * A content editor's review of a searched keyword (decision 0052): 'approved' may be shown in the public hot list,
 * 'hidden' never is. A keyword without a row is pending: shown only while it is found in published Q&A.
 */
export const qaKeywordReview = pgTable('qa_keyword_review', {
  keyword: text('keyword').primaryKey(),
  /** KeywordReviewStatus without 'pending': 'approved' | 'hidden'. */
  status: text('status').notNull(),
  reviewedBy: integer('reviewed_by').references(() => staffUser.id, { onDelete: 'set null' }),
  reviewedAt: ts('reviewed_at').notNull(),
});

/** A suggestion from a customer or a visitor (`customer_id` null). */
export const advice = pgTable(
  'advice',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    language: text('language').notNull(),
    /** Inbox status (decision 0035): AdviceStatus 'new' | 'read' | 'archived'. */
    status: text('status').notNull().default('new'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('advice_created_idx').on(t.createdAt)],
);
