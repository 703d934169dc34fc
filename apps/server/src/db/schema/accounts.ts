import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A petitioner's account. Identity is the verified phone (area code + national number). */
export const customer = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    areaCode: text('area_code').notNull().default('86'),
    phone: text('phone').notNull(),
    email: text('email'),
    emailVerifiedAt: ts('email_verified_at'),
    timezone: text('timezone'),
    lastLoginAt: ts('last_login_at'),
    /** Set while a deletion is pending; the purge erases the account 7 days later. */
    deletionScheduledAt: ts('deletion_scheduled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('customer_phone_uq').on(t.areaCode, t.phone),
    index('customer_deletion_idx').on(t.deletionScheduledAt).where(sql`${t.deletionScheduledAt} is not null`),
  ],
);

/**
 * An image captcha shown for one phone. Only an HMAC of the answer is kept; usable once. The answer is
 * checked against the challenge named by `public_id` (returned with the image), never "the newest of the phone".
 */
export const captchaChallenge = pgTable(
  'captcha_challenge',
  {
    id: serial('id').primaryKey(),
    /**
     * Random, unguessable: knowing it is needed to use (and so to burn) the challenge. Null only on rows drawn
     * before it existed (never answerable; they expired within minutes).
     */
    publicId: text('public_id'),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('captcha_public_id_uq').on(t.publicId),
    index('captcha_phone_idx').on(t.areaCode, t.phone, t.createdAt),
    index('captcha_created_idx').on(t.createdAt),
  ],
);

/**
 * One verification code sent by SMS. `sent_at` drives the resend interval and the daily and per-area-code
 * caps. The code is tried only together with its ticket (SHA-256 kept), handed to whoever asked for it.
 */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['login', 'change_phone', 'email'] }).notNull(),
    /** For change_phone: the account that asked (the code only works for it). */
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    ticketHash: text('ticket_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('sms_code_ticket_uq').on(t.ticketHash),
    index('sms_code_phone_idx').on(t.areaCode, t.phone, t.sentAt),
    index('sms_code_area_sent_idx').on(t.areaCode, t.sentAt),
    index('sms_code_sent_idx').on(t.sentAt),
  ],
);

/**
 * One wrong SMS code: counted per phone (only when tried with a real ticket of that phone, so nobody can
 * run up a stranger's count without a code sent to them) and per IP, over SMS_CODE_FAILURE_WINDOW_SECONDS.
 */
export const smsCodeFailure = pgTable(
  'sms_code_failure',
  {
    id: serial('id').primaryKey(),
    areaCode: text('area_code'),
    phone: text('phone'),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('sms_code_failure_phone_idx').on(t.areaCode, t.phone, t.createdAt),
    index('sms_code_failure_ip_idx').on(t.ip, t.createdAt),
    index('sms_code_failure_created_idx').on(t.createdAt),
  ],
);

/** A code sent to an e-mail address being bound to an account. */
export const emailCode = pgTable(
  'email_code',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('email_code_customer_idx').on(t.customerId, t.sentAt),
    index('email_code_sent_idx').on(t.sentAt),
  ],
);

/**
 * A login on one device: the family of its refresh tokens (refresh_token.family_id is its id) and the `sid`
 * of its access tokens. Revoked by logout (this one), a phone change (all but the caller's), account
 * deletion (all) and refresh-token reuse (this one); every authenticated request checks it by primary key.
 * No foreign key from refresh_token: families issued before sessions existed get their row at their next
 * refresh (decision 0010).
 */
export const customerSession = pgTable(
  'customer_session',
  {
    id: uuid('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('customer_session_customer_idx').on(t.customerId)],
);

/** Refresh tokens: only a SHA-256 of the opaque token is kept. Rotation stays inside one family. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Hash of the client (user agent) that rotated it: only that client gets the grace-window answer. */
    usedBy: text('used_by'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_uq').on(t.tokenHash),
    index('refresh_token_family_idx').on(t.familyId),
    index('refresh_token_customer_idx').on(t.customerId),
    index('refresh_token_expires_idx').on(t.expiresAt),
  ],
);

/** A message to a customer: an i18n key and its parameters, translated when read. */
export const notification = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('notification_customer_idx').on(t.customerId, t.createdAt),
    index('notification_unread_idx').on(t.customerId).where(sql`${t.isRead} = false`),
  ],
);
