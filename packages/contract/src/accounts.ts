import { z } from 'zod';
import { EMAIL_MAX, ZCountValue, ZIdList, ZIdValue, ZPage, ZPageQuery, ZSafeCount } from './common.ts';

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
 * A refresh token presented again this soon after its rotation, by the client that rotated it, answers the
 * successor already issued (two tabs refreshing at once) instead of counting as theft (decision 0010).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
/** Wrong SMS codes are counted per phone and per IP over this window; past a budget the caller waits. */
export const SMS_CODE_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Wrong codes for one phone (over all its tickets) in the window before its verification waits. */
export const SMS_CODE_FAILURES_PER_PHONE = 10;
/** Default of SMS_CODE_FAILURES_PER_IP: wrong codes from one IP in the window before it waits. */
export const SMS_CODE_FAILURES_PER_IP = 30;
/** Default of SMS_HOURLY_CAP_PER_AREA_CODE: codes sent per calling code in a rolling hour. */
export const SMS_HOURLY_CAP_PER_AREA_CODE = 200;

/**
 * Error `code`s of the accounts calls the client acts on (the `msg` is already localised):
 * - `unauthorized`: no or invalid access token → go to /login ("Please log in first").
 * - `token_expired`: the access token expired → refresh once with the refresh token, then retry.
 * - `session_expired`: the session is over → clear storage, /login ("login expired, please log in again").
 *   From refresh: the refresh token is expired, revoked or was reused. From any call with an access token:
 *   its session was ended (logout on that device, a phone change on another one, account deletion).
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
  /** A code was given without the `sms_ticket` of its send (the visitor appointment). */
  smsCodeNotRequested: 'sms_code_not_requested',
  /** Too many wrong codes for this phone, or from this IP, in SMS_CODE_FAILURE_WINDOW_SECONDS (429). */
  smsVerifyLocked: 'sms_verify_locked',
  /** SMS_HOURLY_CAP_PER_AREA_CODE codes were sent to this calling code in the last hour (429). */
  smsAreaCodeCap: 'sms_area_code_cap',
} as const;

// ── Authentication ───────────────────────────────────────────────────────────────────────────────
/** `area_code` must be one of GET /customer/phone_area_code/ (else 400 area_code_unknown). */
export const ZGetCaptchaRequest = z.object({ area_code: ZAreaCodeValue, phone: ZPhone });
/** The challenge id of a captcha: opaque, random (decision 0010). */
export const ZCaptchaId = z.string().regex(/^[\w-]{16,64}$/, 'captcha_id');
export const ZCaptchaResponse = z.object({
  /** An image as a data URL (`data:image/svg+xml;base64,…` or png). */
  captcha: z.string(),
  /**
   * Sent back with the answer: only this challenge is checked, so another captcha drawn for the same phone
   * (by anyone) does not invalidate it. One answer per challenge, right or wrong.
   */
  captcha_id: ZCaptchaId,
});

export const ZSendSmsCodeRequest = z.object({
  area_code: ZAreaCodeValue,
  phone: ZPhone,
  captcha_id: ZCaptchaId,
  captcha: z.string().min(1).max(16),
});
/** The proof of a send: only the holder of the ticket can try the code, so nobody else can burn it. */
export const ZSmsTicket = z.string().regex(/^[\w-]{32,64}$/, 'sms_ticket');
/**
 * `sms_code` is present only with the `console` SMS provider (development and automated journeys), so the
 * screen can fill it in; a real provider never returns it (docs/decisions). `sms_ticket` must come back with
 * the code (login_register, change_phone_number, the visitor appointment).
 */
export const ZSendSmsCodeResponse = z.object({
  sms_code: z.string().optional(),
  sms_ticket: ZSmsTicket,
  /** Seconds before another code may be requested (SMS_RESEND_SECONDS). */
  resend_in: ZCountValue,
});
export type TSendSmsCodeResponse = z.infer<typeof ZSendSmsCodeResponse>;

/**
 * Wrong codes are counted per phone and per IP: past SMS_CODE_FAILURES_PER_PHONE or SMS_CODE_FAILURES_PER_IP
 * in SMS_CODE_FAILURE_WINDOW_SECONDS the answer is 429 sms_verify_locked, even for a right code.
 */
export const ZLoginRegisterRequest = z.object({
  area_code: ZAreaCodeValue,
  phone: ZPhone,
  sms_code: ZSmsCode,
  sms_ticket: ZSmsTicket,
  /** Terms of service and privacy agreement accepted (spec §5: required). */
  agreement: z.literal(true),
});

export const ZCustomer = z.object({
  id: ZIdValue,
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
  access_token_expires: ZSafeCount,
  refresh_token: z.string(),
  refresh_token_expires: ZSafeCount,
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
/**
 * Moves the account to a new phone (area code and number: the area code is part of the login identity and
 * changes only here). Every other session of the customer ends; the caller's stays.
 */
export const ZChangePhoneRequest = z.object({
  area_code: ZAreaCodeValue,
  phone: ZPhone,
  sms_code: ZSmsCode,
  sms_ticket: ZSmsTicket,
});

/**
 * Partial edit. E-mail binding takes two calls: `{ email }` sends a 6-digit code to that address; then
 * `{ email, email_code }` binds it. `email: null` unbinds. Unknown fields are refused: the area code is not
 * edited here (change_phone_number), since it is part of the phone that logs in.
 */
export const ZCustomerEditRequest = z
  .strictObject({
    email: z.string().max(EMAIL_MAX).nullable().optional(),
    email_code: ZSmsCode.optional(),
    timezone: z.string().max(64).optional(),
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
  id: ZIdValue,
  is_read: z.boolean(),
  /** In the caller's language. */
  message: z.string(),
  /** ISO 8601 instant. */
  time: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationQuery = ZPageQuery({ size: 10, maxSize: 100 }).extend({
  is_read: z.enum(['true', 'false']).optional(),
});
export const ZNotificationPage = ZPage(ZNotification);
export const ZNotificationPatch = z.object({ is_read: z.literal(true) });
export const ZDeleteByIdsRequest = z.object({ ids: ZIdList(500) });
export const ZCount = z.object({ count: ZCountValue });

export { fuzzyPhone } from './phone.ts';
