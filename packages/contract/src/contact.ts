import { z } from 'zod';
import { localDate } from './clock.ts';
import { EMAIL_MAX, ZIdValue } from './common.ts';
import { APPOINTMENT_TIME_RANGES, DEFAULT_AREA_CODE } from './constants.ts';

/**
 * Immigration-agent appointment (spec §2 Immigration-agent appointment, §3 Agent appointment, §4 Appointment
 * submit, §5 Agent appointment form rules, §6 Visitor, §7 POST /customer/contact/). Each refusal's zod
 * message is an error code of ContactErrorCode; the server answers it as `{ code, msg }` with `msg`
 * localised (errors.<code>).
 */

export const CONTACT_NAME_MAX = 50;
export const CONTACT_WECHAT_MAX = 50;
export const CONTACT_ENTRANCE_MAX = 50;
export const CONTACT_EMAIL_MAX = EMAIL_MAX;

export const ContactErrorCode = {
  nameRequired: 'contact_name_required',
  nameTooLong: 'contact_name_too_long',
  phoneRequired: 'contact_phone_required',
  phoneInvalid: 'contact_phone_invalid',
  areaCodeInvalid: 'contact_area_code_invalid',
  smsCodeRequired: 'contact_sms_code_required',
  smsCodeFormat: 'contact_sms_code_format',
  emailInvalid: 'contact_email_invalid',
  wechatTooLong: 'contact_wechat_too_long',
  timezoneRequired: 'contact_timezone_required',
  dateRequired: 'contact_date_required',
  datePast: 'contact_date_past',
  timeRangeRequired: 'contact_time_range_required',
  entranceInvalid: 'contact_entrance_invalid',
} as const;
export type TContactErrorCode = (typeof ContactErrorCode)[keyof typeof ContactErrorCode];
const C = ContactErrorCode;

/** A simple address pattern: something@something.tld, no spaces (spec §5: "a simple address pattern"). */
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every non-digit is removed before the digits-only check (spec §5: "non-digits are stripped"). */
export const stripNonDigits = (text: string) => text.replace(/\D+/g, '');

/** Today as YYYY-MM-DD in the IANA time zone `tz` (the earliest appointment date). */
export const todayInTimeZone = (tz: string, now: Date): string => localDate(now, tz);

/** An optional text field: absent or '' means "not given"; anything else must pass `ok`. */
const optionalText = (code: TContactErrorCode, max: number, ok: (s: string) => boolean = () => true) =>
  z
    .string(code)
    .trim()
    .max(max, code)
    .refine((s) => s === '' || ok(s), code)
    .optional();

export const ZContactRequest = z.object({
  name: z.string(C.nameRequired).trim().min(1, C.nameRequired).max(CONTACT_NAME_MAX, C.nameTooLong),
  area_code: z
    .string(C.areaCodeInvalid)
    .regex(/^\d{1,4}$/, C.areaCodeInvalid)
    .default(DEFAULT_AREA_CODE),
  /**
   * Digits after every non-digit is stripped ("138-0013 8000" is 13800138000), 5–15 of them. Optional only
   * for a logged-in customer (the account's phone is used); a visitor must give it.
   */
  phone: optionalText(C.phoneInvalid, 40, (s) => /^\d{5,15}$/.test(stripNonDigits(s))),
  /** 6 digits; required only when not logged in. */
  sms_code: optionalText(C.smsCodeFormat, 6, (s) => /^\d{6}$/.test(s)),
  /** The `sms_ticket` of the send that delivered `sms_code` (POST /auth/customer/send_sms_code/); with it. */
  sms_ticket: optionalText(C.smsCodeRequired, 64),
  /** Optional; if given it must match a simple address pattern. */
  email: optionalText(C.emailInvalid, CONTACT_EMAIL_MAX, (s) => CONTACT_EMAIL_PATTERN.test(s)),
  /** A messaging-app id (optional). */
  wechat: optionalText(C.wechatTooLong, CONTACT_WECHAT_MAX),
  /** A seeded time zone code (IANA), see GET /customer/messy/timezones/. */
  timezone: z.string(C.timezoneRequired).trim().min(1, C.timezoneRequired).max(64, C.timezoneRequired),
  appointment: z.object(
    {
      /** YYYY-MM-DD, today or later in `timezone`. */
      date: z.string(C.dateRequired).regex(/^\d{4}-\d{2}-\d{2}$/, C.dateRequired),
      time_range: z.enum(APPOINTMENT_TIME_RANGES, C.timeRangeRequired),
    },
    C.dateRequired,
  ),
  /** Where the form was opened, e.g. 'immigrant_page', 'home'. */
  entrance: z.string(C.entranceInvalid).trim().max(CONTACT_ENTRANCE_MAX, C.entranceInvalid).default(''),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

/** 201: `msg` is "You have completed the submission, we will contact you as soon as possible" (localised). */
export const ZContactResponse = z.object({ id: ZIdValue, msg: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
