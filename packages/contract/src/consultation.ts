import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZPage, ZPageQuery, ZSafeCount } from './common.ts';
import { CONSULTATION_CALL_INTERVAL_MINUTES } from './constants.ts';
import { ZProjectCode } from './shop.ts';

/**
 * The consultation add-on (spec §4 Consultation, §9 "3 attempts, 5 minutes apart"; issue 16 item 4; decision
 * 0033). A consultation is the request behind one CONSULTATION entitlement: its id is the entitlement's id (the
 * `id` of the my_rights row). The customer books a time (a date and time in their time zone; the account's
 * phone is called); a consultant claims it and records call attempts, at least 5 minutes apart: one answered →
 * done; the third unanswered → dropped. The customer may cancel before it is done, and book again after a cancel.
 */

export const CONSULTATION_STATUSES = [
  'can_book',
  'booked',
  'in_progress',
  'done',
  'dropped',
  'cancelled',
] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
export const ZConsultationStatus = z.enum(CONSULTATION_STATUSES);

export const CONSULTATION_OUTCOMES = ['answered', 'not_answered'] as const;
export type ConsultationOutcome = (typeof CONSULTATION_OUTCOMES)[number];
export const ZConsultationOutcome = z.enum(CONSULTATION_OUTCOMES);

/** The least time between two call attempts, in milliseconds. */
export const CONSULTATION_CALL_INTERVAL_MS = CONSULTATION_CALL_INTERVAL_MINUTES * 60_000;
export const CONSULTATION_TOPIC_MAX = 500;
export const CONSULTATION_NOTE_MAX = 5_000;

export const ConsultationErrorCode = {
  /** Not in a state this action applies to (one transition table; conflicts answer this). */
  state: 'consultation_state',
  /** All call attempts were made (the consultation was dropped): no further attempt. */
  attemptsUsed: 'consultation_attempts_used',
  /** Less than 5 minutes since the previous attempt. */
  tooSoon: 'consultation_attempt_too_soon',
  /** Another staff member holds the consultation. */
  notHolder: 'consultation_not_holder',
  /** An answered call needs a note of what was discussed. */
  noteRequired: 'consultation_note_required',
  /** The booked date or time is not a real one. */
  timeInvalid: 'consultation_time_invalid',
  /** The booked time has already passed in the chosen time zone. */
  timePast: 'consultation_time_past',
} as const;
const C = ConsultationErrorCode;

/** One call attempt as the customer sees it. */
export const ZConsultationAttempt = z.object({
  /** 1 … CONSULTATION_CALL_ATTEMPTS within the current booking. */
  n: ZCountValue,
  at: z.string(),
  outcome: ZConsultationOutcome,
});
export type TConsultationAttempt = z.infer<typeof ZConsultationAttempt>;

/** The booked call: a wall-clock date and time in `timezone`, and the instant they name. */
export const ZConsultationBooking = z.object({
  timezone: z.string(),
  date: z.string(),
  time: z.string(),
  /** ISO 8601 instant of date + time in timezone. */
  at: z.string(),
  /** The number called: the account's phone when booked. */
  area_code: z.string(),
  phone: z.string(),
  topic: z.string().nullable(),
  booked_at: z.string(),
});

/** A consultation as the customer sees it (personal-centre rows, workbench right side). */
export const ZConsultation = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  status: ZConsultationStatus,
  /** Null before the first booking. */
  booking: ZConsultationBooking.nullable(),
  /** The attempts of the current booking, oldest first. */
  attempts: z.array(ZConsultationAttempt),
  can_book: z.boolean(),
  can_cancel: z.boolean(),
});
export type TConsultation = z.infer<typeof ZConsultation>;

/** GET /api/customer/consultation/?project_code= (all the caller's consultations without it) */
export const ZConsultationListQuery = z.object({ project_code: ZProjectCode.optional() });
export const ZConsultationList = z.array(ZConsultation);
export const ZConsultationIdParams = z.object({ id: ZIdParam });

/** PATCH /api/customer/consultation/{id}/book/ — book (or book again after a cancel). */
export const ZConsultationBookRequest = z.object({
  /** A seeded time zone code (IANA), see GET /customer/messy/timezones/. */
  timezone: z.string(C.timeInvalid).trim().min(1, C.timeInvalid).max(64, C.timeInvalid),
  /** YYYY-MM-DD in `timezone`. */
  date: z.string(C.timeInvalid).regex(/^\d{4}-\d{2}-\d{2}$/, C.timeInvalid),
  /** HH:mm (24 h) in `timezone`. */
  time: z.string(C.timeInvalid).regex(/^([01]\d|2[0-3]):[0-5]\d$/, C.timeInvalid),
  topic: z.string().trim().max(CONSULTATION_TOPIC_MAX).optional(),
});
export type TConsultationBookRequest = z.input<typeof ZConsultationBookRequest>;

// ── Staff queue (roles consultant and admin) ─────────────────────────────────────────────────────────────

export const ZStaffConsultationAttempt = ZConsultationAttempt.extend({
  note: z.string().nullable(),
  /** The staff member who called (username). */
  by: z.string().nullable(),
});

export const ZStaffConsultation = z.object({
  id: ZIdValue,
  customer_id: ZIdValue,
  project_code: ZProjectCode,
  status: ZConsultationStatus,
  booking: ZConsultationBooking.nullable(),
  /** Seconds since it was booked. */
  age_seconds: ZSafeCount.nullable(),
  /** The staff member holding it (username), null before a claim. */
  holder: z.string().nullable(),
  claimed_at: z.string().nullable(),
  attempts: z.array(ZStaffConsultationAttempt),
  /** When the next attempt is allowed (null when none is: not in progress). */
  next_attempt_at: z.string().nullable(),
});
export type TStaffConsultation = z.infer<typeof ZStaffConsultation>;
export const ZStaffConsultationPage = ZPage(ZStaffConsultation);

/** GET /api/staff/consultation/ — default: the open queue (booked, in_progress), booked time first. */
export const ZStaffConsultationQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  status: ZConsultationStatus.optional(),
});

/** POST /api/staff/consultation/{id}/attempt/ — one call attempt by the holder. */
export const ZStaffConsultationAttemptRequest = z.object({
  outcome: ZConsultationOutcome,
  /** Required when answered: what was discussed (staff only). */
  note: z.string().trim().max(CONSULTATION_NOTE_MAX).optional(),
});
export type TStaffConsultationAttemptRequest = z.infer<typeof ZStaffConsultationAttemptRequest>;

/**
 * The instant a wall-clock `date` (YYYY-MM-DD) and `time` (HH:mm) name in the IANA zone `tz`, or null when that
 * is not a real date. A time skipped by a daylight-saving change moves forward with the clocks.
 */
export function zonedInstant(date: string, time: string, tz: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const h = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !h) return null;
  const [y, mo, d, hh, mm] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(h[1]), Number(h[2])];
  const wall = Date.UTC(y, mo - 1, d, hh, mm);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (hh > 23 || mm > 59) return null;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return null;
  }
  /** The zone's offset (ms) at instant `at`: its wall clock minus UTC. */
  const offsetAt = (at: number) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
    const shown = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    return shown - Math.floor(at / 60_000) * 60_000;
  };
  // Two rounds settle the offset around a change; the second guess is the instant whose wall clock is `wall`.
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}
