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

/** A staff account (decision 0020): no default account ships; `npm run staff:create` makes the first admin. */
export const staffUser = pgTable(
  'staff_user',
  {
    id: serial('id').primaryKey(),
    /** Lower-case, unique. */
    username: text('username').notNull(),
    /** The name customers see on results (a translator's certification); the username when unset. */
    displayName: text('display_name'),
    /** StaffRole */
    role: text('role').notNull(),
    /** `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>` (modules/staff/password.ts). */
    passwordHash: text('password_hash').notNull(),
    /** Set by create and reset (a one-time password): every call but the password change is refused. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The TOTP secret, sealed with the server secret (AES-256-GCM); null until enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret handed out by enrolment, waiting for its first code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    disabledAt: ts('disabled_at'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull(),
    /** Who created it: a staff username, or `cli`. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [uniqueIndex('staff_user_username_uq').on(t.username)],
);

/**
 * A staff sign-in (separate from customer_session): the bearer token's SHA-256 is the key. Ends at
 * `expires_at`, after idle time, at logout (revoked_at) or when the account is disabled or reset.
 */
export const staffSession = pgTable(
  'staff_session',
  {
    id: uuid('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** When this session passed its TOTP code (null: not yet, or not needed). */
    totpVerifiedAt: ts('totp_verified_at'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('staff_session_token_uq').on(t.tokenHash),
    index('staff_session_staff_idx').on(t.staffId),
  ],
);

/** A failed staff sign-in (wrong password or TOTP code), counted per username and per IP for the lockout. */
export const staffLoginFailure = pgTable(
  'staff_login_failure',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('staff_login_failure_username_idx').on(t.username, t.at),
    index('staff_login_failure_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * Append-only log of staff actions (who, what, when, before/after, IP): a trigger refuses UPDATE and
 * DELETE (migration 0012_staff); kept when a customer account is purged.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    /** The staff account (null for rows written before accounts existed, and for failed sign-ins). */
    staffId: integer('staff_id'),
    /** Username at the time (or `staff-api`, `cli`). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('staff_audit_created_idx').on(t.createdAt),
    index('staff_audit_staff_idx').on(t.staffId, t.createdAt).where(sql`staff_id is not null`),
  ],
);
