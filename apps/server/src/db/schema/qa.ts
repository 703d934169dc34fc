import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** One keyword search (normalised: trimmed, lower-cased); hot keywords are counted from these. */
export const qaSearch = pgTable(
  'qa_search',
  {
    id: serial('id').primaryKey(),
    keyword: text('keyword').notNull(),
    searchedAt: ts('searched_at').notNull(),
  },
  (t) => [index('qa_search_searched_idx').on(t.searchedAt, t.keyword)],
);

/** A keyword staff took off the public hot list (searches are still counted). */
export const qaHiddenKeyword = pgTable('qa_hidden_keyword', {
  keyword: text('keyword').primaryKey(),
  hiddenBy: integer('hidden_by').references(() => staffUser.id, { onDelete: 'set null' }),
  hiddenAt: ts('hidden_at').notNull(),
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
