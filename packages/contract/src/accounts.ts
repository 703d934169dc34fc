import { z } from 'zod';

/**
 * Accounts (spec §3 Customer/Tokens/Notification, §4 Session and tokens, §7 Authentication/Customer/
 * Notifications). Field names follow the spec's calls. Server routes, OpenAPI and web client derive from
 * these schemas.
 */

/** Country calling code without "+": 1–4 digits. */
export const ZAreaCodeValue = z.string().regex(/^\d{1,4}$/, 'area_code');
/** National number, digits only (the client strips spaces and dashes before sending). */
export const ZPhone = z.string().regex(/^\d{5,15}$/, 'phone');
export const ZSmsCode = z.string().regex(/^\d{6}$/, 'sms_code');

export const CAPTCHA_TTL_SECONDS = 5 * 60;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_DAILY_CAP_PER_PHONE = 10;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** E-mail binding codes: same validity and attempt budget as SMS codes. */
export const EMAIL_CODE_TTL_SECONDS = 5 * 60;

/**
 * Error `code`s of the accounts calls the client acts on (the `msg` is already localised):
 * - `unauthorized`: no or invalid access token → go to /login ("Please log in first").
 * - `token_expired`: the access token expired → refresh once with the refresh token, then retry.
 * - `session_expired`: the refresh token is expired, revoked or was reused → clear storage, /login
 *   ("login expired, please log in again").
 */
export const AccountErrorCode = {
  tokenExpired: 'token_expired',
  sessionExpired: 'session_expired',
  captchaInvalid: 'captcha_invalid',
  smsTooFrequent: 'sms_too_frequent',
  smsDailyCap: 'sms_daily_cap',
  smsSendFailed: 'sms_send_failed',
  smsCodeInvalid: 'sms_code_invalid',
  smsCodeExpired: 'sms_code_expired',
  smsCodeAttempts: 'sms_code_attempts',
  phoneTaken: 'phone_taken',
  emailInvalid: 'email_invalid',
  emailDomainRefused: 'email_domain_refused',
  timezoneUnknown: 'timezone_unknown',
  areaCodeUnknown: 'area_code_unknown',
} as const;

// ── Authentication ───────────────────────────────────────────────────────────────────────────────
export const ZGetCaptchaRequest = z.object({ area_code: ZAreaCodeValue, phone: ZPhone });
/** `captcha` is an image as a data URL (`data:image/svg+xml;base64,…` or png). */
export const ZCaptchaResponse = z.object({ captcha: z.string() });

export const ZSendSmsCodeRequest = z.object({
  area_code: ZAreaCodeValue,
  phone: ZPhone,
  captcha: z.string().min(1).max(16),
});
/**
 * `sms_code` is present only with the `console` SMS provider (development and automated journeys), so the
 * screen can fill it in; a real provider never returns it (docs/decisions).
 */
export const ZSendSmsCodeResponse = z.object({
  sms_code: z.string().optional(),
  /** Seconds before another code may be requested (SMS_RESEND_SECONDS). */
  resend_in: z.number().int(),
});

export const ZLoginRegisterRequest = z.object({
  area_code: ZAreaCodeValue,
  phone: ZPhone,
  sms_code: ZSmsCode,
  /** Terms of service and privacy agreement accepted (spec §5: required). */
  agreement: z.literal(true),
});

export const ZCustomer = z.object({
  id: z.number().int(),
  area_code: z.string(),
  phone: z.string(),
  /** Masked phone kept on the device, e.g. "138****5678". */
  fuzzy_phone: z.string(),
  email: z.string().nullable(),
  timezone: z.string().nullable(),
  last_login: z.string().nullable(),
  /** Set while an account deletion is pending (it completes 7 days later). */
  deletion_scheduled_at: z.string().nullable(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

/** Tokens with their expiry as Unix timestamps in seconds (spec §3 Tokens). */
export const ZTokens = z.object({
  access_token: z.string(),
  access_token_expires: z.number().int(),
  refresh_token: z.string(),
  refresh_token_expires: z.number().int(),
});
export type TTokens = z.infer<typeof ZTokens>;

export const ZLoginRegisterResponse = ZTokens.extend({
  customer: ZCustomer,
  /** True when this login cancelled a pending account deletion. */
  restored: z.boolean(),
});

export const ZRefreshRequest = z.object({ refresh_token: z.string().min(1).max(2048) });
export const ZLogoutRequest = z.object({ refresh_token: z.string().min(1).max(2048) });

// ── Customer ─────────────────────────────────────────────────────────────────────────────────────
/** Code to the NEW phone number, for change_phone_number (captcha as for login). */
export const ZCustomerSendSmsCodeRequest = ZSendSmsCodeRequest;
export const ZChangePhoneRequest = z.object({ area_code: ZAreaCodeValue, phone: ZPhone, sms_code: ZSmsCode });

/**
 * Partial edit. E-mail binding takes two calls: `{ email }` sends a 6-digit code to that address; then
 * `{ email, email_code }` binds it. `email: null` unbinds.
 */
export const ZCustomerEditRequest = z
  .object({
    email: z.string().max(254).nullable().optional(),
    email_code: ZSmsCode.optional(),
    timezone: z.string().max(64).optional(),
    area_code: ZAreaCodeValue.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'empty' });
export const ZCustomerEditResponse = z.object({
  customer: ZCustomer,
  /** Set when a verification code was sent to a new e-mail address. */
  email_verification_sent: z.boolean(),
  /** Only with the console mail provider, like `sms_code`. */
  email_code: z.string().optional(),
});

export const ZDeleteAccountResponse = z.object({
  deletion_scheduled_at: z.string(),
  purge_after: z.string(),
  /** "Account deleted, about to log out" in the caller's language (spec §4 Account deletion). */
  msg: z.string().optional(),
});

// ── Notifications ───────────────────────────────────────────────────────────────────────────────
export const ZNotification = z.object({
  id: z.number().int(),
  is_read: z.boolean(),
  /** In the caller's language. */
  message: z.string(),
  /** ISO 8601 instant. */
  time: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  is_read: z.enum(['true', 'false']).optional(),
});
export const ZNotificationPage = z.object({ count: z.number().int(), results: z.array(ZNotification) });
export const ZNotificationPatch = z.object({ is_read: z.literal(true) });
export const ZDeleteByIdsRequest = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
export const ZCount = z.object({ count: z.number().int() });

export { fuzzyPhone } from './phone.ts';
