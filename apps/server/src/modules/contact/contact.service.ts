import { createHash } from 'node:crypto';
import {
  AccountErrorCode,
  ContactErrorCode as C,
  ErrorCode,
  type Locale,
  stripNonDigits,
  type TContactErrorCode,
  todayInTimeZone,
} from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { agentAppointment, customer, timezone } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { refusalOf, verifySmsCode } from '../auth/codes.service.ts';
import { notify } from '../notification/notification.service.ts';
import { isKnownAreaCode } from '../reference/reference.service.ts';

/** A refusal naming the field that is wrong, localised from errors.<code>. */
export const contactError = (code: TContactErrorCode | string) => new AppError(400, code, `errors:${code}`);

/** A real calendar day (rejects 2026-02-30). */
function isCalendarDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

export interface ContactInput {
  customerId: number | null;
  name: string;
  areaCode: string;
  phone?: string | undefined;
  smsCode?: string | undefined;
  /** The ticket of the send that delivered smsCode (a visitor only). */
  smsTicket?: string | undefined;
  ip: string;
  email?: string | undefined;
  wechat?: string | undefined;
  timezone: string;
  date: string;
  timeRange: string;
  entrance: string;
  locale: Locale;
  /** Idempotency-Key of the submission: a retry with the same key answers the first booking. */
  idempotencyKey?: string | undefined;
}

/**
 * Stores an agent appointment (spec §4 Appointment submit, §5 Agent appointment form). A visitor proves the
 * phone with the SMS code of the login flow and the ticket of its send (captcha + POST
 * /auth/customer/send_sms_code/); a logged-in customer needs no code, and the account's phone is used when
 * none is given. The schema has already checked the shapes; this checks what needs the database or the clock.
 */
export async function submitContact(ctx: AppContext, input: ContactInput): Promise<{ id: number }> {
  const db = ctx.db.db;
  const key = input.idempotencyKey;
  const fingerprint = requestHash(input);
  // A retry of a submission that was stored: the same booking, nothing done twice (not even the code check,
  // which the first attempt consumed).
  if (key) {
    const prior = await findByKey(db, key, fingerprint);
    if (prior) return prior;
  }
  const [tz] = await db
    .select({ code: timezone.code })
    .from(timezone)
    .where(eq(timezone.code, input.timezone));
  if (!tz) throw contactError(AccountErrorCode.timezoneUnknown);
  if (!isCalendarDate(input.date)) throw contactError(C.dateRequired);
  if (input.date < todayInTimeZone(tz.code, ctx.clock.now())) throw contactError(C.datePast);

  let area = input.areaCode;
  let phone = input.phone ? stripNonDigits(input.phone) : '';
  if (input.customerId !== null) {
    if (!phone) {
      const [me] = await db
        .select({ areaCode: customer.areaCode, phone: customer.phone })
        .from(customer)
        .where(eq(customer.id, input.customerId));
      if (!me) throw new AppError(401, 'unauthorized');
      area = me.areaCode;
      phone = me.phone;
    }
  } else {
    if (!phone) throw contactError(C.phoneRequired);
  }
  if (!(await isKnownAreaCode(ctx, area))) throw contactError(AccountErrorCode.areaCodeUnknown);
  if (input.customerId === null) {
    if (!input.smsCode) throw contactError(C.smsCodeRequired);
    if (!input.smsTicket) throw contactError(AccountErrorCode.smsCodeNotRequested);
  }

  // One transaction: the code check (its attempt counts even when wrong), the booking and its notification.
  // Submissions with the same key queue on a lock, so a twin sees the first one's booking.
  const outcome = await db.transaction(async (tx): Promise<{ id: number } | { refused: AppError }> => {
    if (key) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${key}`}))`);
      const prior = await findByKey(tx, key, fingerprint);
      if (prior) return prior;
    }
    if (input.customerId === null) {
      const refused = await refusalOf(
        verifySmsCode(
          ctx,
          {
            areaCode: area,
            phone,
            purpose: 'login',
            code: input.smsCode ?? '',
            ticket: input.smsTicket ?? '',
            ip: input.ip,
          },
          tx,
        ),
      );
      if (refused) return { refused };
    }
    const [row] = await tx
      .insert(agentAppointment)
      .values({
        customerId: input.customerId,
        name: input.name.trim(),
        areaCode: area,
        phone,
        email: input.email || null,
        wechat: input.wechat || null,
        timezone: tz.code,
        appointmentDate: input.date,
        timeRange: input.timeRange,
        entrance: input.entrance,
        language: input.locale,
        idempotencyKey: key ?? null,
        requestHash: key ? fingerprint : null,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: agentAppointment.id });
    if (input.customerId !== null) {
      await notify(
        ctx,
        {
          customerId: input.customerId,
          key: 'appointment_submitted',
          params: { date: input.date, time_range: input.timeRange },
        },
        tx,
      );
    }
    return { id: row!.id };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/** What identifies one submission: who, and what they asked for. */
function requestHash(input: ContactInput): string {
  const what = [
    input.customerId ?? '',
    input.name.trim(),
    input.areaCode,
    input.phone ? stripNonDigits(input.phone) : '',
    input.email ?? '',
    input.wechat ?? '',
    input.timezone,
    input.date,
    input.timeRange,
    input.entrance,
  ];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** The booking stored under this key; the same key with other content is refused (409). */
async function findByKey(db: Db, key: string, fingerprint: string): Promise<{ id: number } | null> {
  const [prior] = await db
    .select({ id: agentAppointment.id, requestHash: agentAppointment.requestHash })
    .from(agentAppointment)
    .where(eq(agentAppointment.idempotencyKey, key));
  if (!prior) return null;
  if (prior.requestHash !== fingerprint) {
    throw new AppError(409, ErrorCode.idempotencyKeyReused, `errors:${ErrorCode.idempotencyKeyReused}`);
  }
  return { id: prior.id };
}
