import { z } from 'zod';
import { ZIdParam, ZIdValue, ZPage, ZPageQuery } from './common.ts';

/**
 * Staff accounts, their sessions and the audit log (spec §6 roles; issue 16 item 6; decision 0020). Staff
 * sign in with a username, a password and, for admin and finance, a TOTP code; their sessions are separate
 * from customers' (an opaque `stf_…` bearer token, checked against staff_session on every call).
 */

export const STAFF_ROLES = [
  'admin',
  'finance',
  'reviewer',
  'translator',
  'consultant',
  'content_editor',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ZStaffRole = z.enum(STAFF_ROLES);

/** Roles that cannot work without a second factor (they move money or manage staff). */
export const STAFF_ROLES_NEEDING_TOTP: readonly StaffRole[] = ['admin', 'finance'];

/**
 * Where a session stands: a full session (`ok`) is needed by every role-guarded route; the others allow only
 * the call that moves it on (TOTP code, password change, TOTP enrolment), `me` and logout.
 */
export const STAFF_SESSION_STAGES = [
  'totp_required',
  'password_change_required',
  'totp_enrolment_required',
  'ok',
] as const;
export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;

/** Lower-case letters, digits, `.`, `_`, `-`, `@`; 3–64 characters. */
export const ZStaffUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._@-]{3,64}$/);
const ZPassword = z.string().min(1).max(STAFF_PASSWORD_MAX);
const ZTotpCode = z.string().regex(/^\d{6}$/);

/** POST /api/staff/auth/login/ */
export const ZStaffLoginRequest = z.object({ username: ZStaffUsername, password: ZPassword });
/** POST /api/staff/auth/totp/verify/ and /api/staff/auth/totp/confirm/ */
export const ZStaffTotpCodeRequest = z.object({ code: ZTotpCode });
/** POST /api/staff/auth/password/ */
export const ZStaffPasswordChangeRequest = z.object({
  current_password: ZPassword,
  new_password: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
});

export const ZStaffMe = z.object({
  id: ZIdValue,
  username: z.string(),
  role: ZStaffRole,
  stage: z.enum(STAFF_SESSION_STAGES),
  totp_enabled: z.boolean(),
  must_change_password: z.boolean(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

/** A staff session: send `Authorization: Bearer <token>`; it ends at `expires_at` or after idle time. */
export const ZStaffSession = z.object({
  token: z.string(),
  expires_at: z.string(),
  staff: ZStaffMe,
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

/** POST /api/staff/auth/totp/enrol/: the secret (base32) and the otpauth:// URI an authenticator app scans. */
export const ZStaffTotpEnrolment = z.object({ secret: z.string(), otpauth_uri: z.string() });

export const ZStaffUser = z.object({
  id: ZIdValue,
  username: z.string(),
  role: ZStaffRole,
  totp_enabled: z.boolean(),
  must_change_password: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TStaffUser = z.infer<typeof ZStaffUser>;

/** POST /api/staff/user/ */
export const ZStaffUserCreateRequest = z.object({ username: ZStaffUsername, role: ZStaffRole });
/** POST /api/staff/user/{id}/reset_password/ — `reset_totp` also clears the second factor (lost phone). */
export const ZStaffPasswordResetRequest = z.object({ reset_totp: z.boolean().default(false) });
/** A created or reset account: the one-time password is shown once and must be changed at next login. */
export const ZStaffUserWithPassword = z.object({ user: ZStaffUser, one_time_password: z.string() });

export const ZStaffAuditEntry = z.object({
  id: ZIdValue,
  staff_id: ZIdValue.nullable(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
/** GET /api/staff/audit/ — newest first. */
export const ZStaffAuditQuery = ZPageQuery({ size: 50, maxSize: 200 }).extend({
  staff_id: ZIdParam.optional(),
  actor: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  target_type: z.string().trim().min(1).max(50).optional(),
  target_id: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** The reads that searched for this phone (its digits, as typed in the search; decision 0050). */
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?[\d -]{3,20}$/, 'phone')
    .optional(),
});
export const ZStaffAuditPage = ZPage(ZStaffAuditEntry);

/** Error codes of this area; each is errors.<code> in packages/i18n. */
export const StaffErrorCode = {
  /** No, an unknown, an expired or a revoked staff session (401). */
  staffUnauthorized: 'staff_unauthorized',
  /** A staff session whose role may not make this call (403). */
  staffForbidden: 'staff_forbidden',
  /** The session must first pass a step (TOTP code, password change, TOTP enrolment) (403). */
  staffStepRequired: 'staff_step_required',
  /** Wrong username or password (401; the same answer for both). */
  staffLoginFailed: 'staff_login_failed',
  /** Too many failures for this username or address: wait (429, names the minutes). */
  staffLocked: 'staff_locked',
  /** Wrong or already used TOTP code (401). */
  staffTotpInvalid: 'staff_totp_invalid',
  /** TOTP already enabled, or no enrolment started (409). */
  staffTotpState: 'staff_totp_state',
  /** The new password equals the current one (400). */
  staffPasswordReused: 'staff_password_reused',
  /** The username is taken (409). */
  staffUsernameTaken: 'staff_username_taken',
  /** An admin cannot disable their own account (409). */
  staffSelfDisable: 'staff_self_disable',
} as const;
