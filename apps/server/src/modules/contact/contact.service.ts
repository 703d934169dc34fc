import {
  AccountErrorCode,
  ContactErrorCode as C,
  type Locale,
  stripNonDigits,
  type TContactErrorCode,
  todayInTimeZone,
} from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { agentAppointment, areaCode, customer, timezone } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { verifySmsCode } from '../auth/codes.service.ts';
import { notify } from '../notification/notification.service.ts';

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
  email?: string | undefined;
  wechat?: string | undefined;
  timezone: string;
  date: string;
  timeRange: string;
  entrance: string;
  locale: Locale;
}

/**
 * Stores an agent appointment (spec §4 Appointment submit, §5 Agent appointment form). A visitor proves the
 * phone with the SMS code of the login flow (captcha + POST /auth/customer/send_sms_code/); a logged-in
 * customer needs no code, and the account's phone is used when none is given. The schema has already
 * checked the shapes; this checks what needs the database or the clock.
 */
export async function submitContact(ctx: AppContext, input: ContactInput): Promise<{ id: number }> {
  const db = ctx.db.db;
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
  const [known] = await db
    .select({ id: areaCode.id })
    .from(areaCode)
    .where(eq(areaCode.areaCode, area))
    .limit(1);
  if (!known) throw contactError(AccountErrorCode.areaCodeUnknown);
  if (input.customerId === null) {
    if (!input.smsCode) throw contactError(C.smsCodeRequired);
    await verifySmsCode(ctx, { areaCode: area, phone, purpose: 'login', code: input.smsCode });
  }

  const [row] = await db
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
      createdAt: ctx.clock.now(),
    })
    .returning({ id: agentAppointment.id });
  if (input.customerId !== null) {
    await notify(ctx, {
      customerId: input.customerId,
      key: 'appointment_submitted',
      params: { date: input.date, time_range: input.timeRange },
    });
  }
  return { id: row!.id };
}
