import {
  ACCOUNT_DELETION_WAIT_DAYS,
  AccountErrorCode as E,
  EMAIL_CODE_TTL_SECONDS,
  type Locale,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_RESEND_SECONDS,
  type TCustomer,
  type TSendSmsCodeResponse,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customer, emailCode, timezone } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { refusalOf, sendSmsCode, verifySmsCode } from '../auth/codes.service.ts';
import { revokeSessions } from '../auth/sessions.service.ts';
import { seal, sixDigitCode, unsealMatches } from '../auth/tokens.ts';
import { notify } from '../notification/notification.service.ts';
import { toCustomer } from './customer.view.ts';

export const DELETION_WAIT_MS = ACCOUNT_DELETION_WAIT_DAYS * 86_400_000;

type Row = typeof customer.$inferSelect;

async function load(ctx: AppContext, id: number): Promise<Row> {
  const [row] = await ctx.db.db.select().from(customer).where(eq(customer.id, id));
  // A valid token for an account that no longer exists (purged): the session is over.
  if (!row) throw new AppError(401, 'unauthorized');
  return row;
}

export async function getCustomerInfo(ctx: AppContext, opts: { customerId: number }): Promise<TCustomer> {
  return toCustomer(await load(ctx, opts.customerId));
}

async function assertPhoneFree(
  ctx: AppContext,
  opts: { customerId: number; areaCode: string; phone: string },
) {
  const [other] = await ctx.db.db
    .select({ id: customer.id })
    .from(customer)
    .where(
      and(
        eq(customer.areaCode, opts.areaCode),
        eq(customer.phone, opts.phone),
        ne(customer.id, opts.customerId),
      ),
    );
  if (other) throw new AppError(409, E.phoneTaken);
}

/** A code to the NEW phone of a phone change; refused at once when another account uses that phone. */
export async function sendChangePhoneCode(
  ctx: AppContext,
  opts: { customerId: number; areaCode: string; phone: string; locale: Locale },
): Promise<TSendSmsCodeResponse> {
  await load(ctx, opts.customerId);
  await assertPhoneFree(ctx, opts);
  return sendSmsCode(ctx, {
    areaCode: opts.areaCode,
    phone: opts.phone,
    purpose: 'change_phone',
    customerId: opts.customerId,
    locale: opts.locale,
  });
}

/**
 * Moves the account to a new phone (area code and number) proven by a code sent to it. The phone is the login
 * identity, so every other session ends: whoever could use the account before must not keep reading it. The
 * code check, the new phone, the ended sessions and the notification are one transaction (issue 10 item 20).
 */
export async function changePhoneNumber(
  ctx: AppContext,
  opts: {
    customerId: number;
    sessionId: string;
    areaCode: string;
    phone: string;
    smsCode: string;
    smsTicket: string;
    ip: string;
  },
): Promise<TCustomer> {
  await load(ctx, opts.customerId);
  await assertPhoneFree(ctx, opts);
  const outcome = await ctx.db.db.transaction(async (tx): Promise<{ refused: AppError } | { row: Row }> => {
    const refused = await refusalOf(
      verifySmsCode(
        ctx,
        {
          areaCode: opts.areaCode,
          phone: opts.phone,
          purpose: 'change_phone',
          customerId: opts.customerId,
          code: opts.smsCode,
          ticket: opts.smsTicket,
          ip: opts.ip,
        },
        tx,
      ),
    );
    if (refused) return { refused };
    const row = await updateUnique(tx, opts.customerId, { areaCode: opts.areaCode, phone: opts.phone });
    await revokeSessions(ctx, { customerId: row.id, except: opts.sessionId }, tx);
    await notify(
      ctx,
      { customerId: row.id, key: 'phone_changed', params: { phone: `+${row.areaCode} ${row.phone}` } },
      tx,
    );
    return { row };
  });
  if ('refused' in outcome) throw outcome.refused;
  // The other sessions ended with the transaction: no process may keep them as live (cache/customer-cache.ts).
  await ctx.customerCache?.forgetSessions(outcome.row.id);
  return toCustomer(outcome.row);
}

/** Updates the row; a concurrent taker of the same phone (unique index) answers 409 phone_taken. */
async function updateUnique(db: Db, id: number, set: Partial<Row>): Promise<Row> {
  try {
    const [row] = await db.update(customer).set(set).where(eq(customer.id, id)).returning();
    if (!row) throw new AppError(401, 'unauthorized');
    return row;
  } catch (e) {
    const code =
      (e as { code?: string; cause?: { code?: string } }).code ??
      (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new AppError(409, E.phoneTaken);
    throw e;
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function checkEmail(ctx: AppContext, email: string): string {
  const normal = email.trim();
  if (!EMAIL_RE.test(normal) || normal.length > 254) throw new AppError(400, E.emailInvalid);
  const domain = normal.slice(normal.lastIndexOf('@') + 1).toLowerCase();
  if (ctx.config.refusedEmailDomains.some((d) => domain === d || domain.endsWith(`.${d}`))) {
    throw new AppError(400, E.emailDomainRefused, E.emailDomainRefused, { domain });
  }
  return normal;
}

/**
 * Partial edit. E-mail: `{ email }` sends a code to it, `{ email, email_code }` binds it, `email: null`
 * unbinds. The time zone must be a seeded one. The area code is not edited here: it is part of the login
 * phone, which changes only through changePhoneNumber (an SMS to the new number).
 */
export async function editCustomer(
  ctx: AppContext,
  opts: {
    customerId: number;
    locale: Locale;
    email?: string | null | undefined;
    emailCode?: string | undefined;
    timezone?: string | undefined;
  },
): Promise<{ customer: TCustomer; email_verification_sent: boolean; email_code?: string }> {
  const current = await load(ctx, opts.customerId);
  const db = ctx.db.db;
  const set: Partial<Row> = {};
  if (opts.timezone !== undefined) {
    const [tz] = await db
      .select({ code: timezone.code })
      .from(timezone)
      .where(eq(timezone.code, opts.timezone));
    if (!tz) throw new AppError(400, E.timezoneUnknown);
    set.timezone = tz.code;
  }
  let sent: string | null = null;
  let binding: { email: string; code: string } | null = null;
  if (opts.email === null) {
    set.email = null;
    set.emailVerifiedAt = null;
  } else if (opts.email !== undefined) {
    const email = checkEmail(ctx, opts.email);
    if (opts.emailCode === undefined) {
      // The mail goes out outside any transaction (sendEmailCode stores the code first, removes it on failure).
      sent = await sendEmailCode(ctx, { customerId: current.id, email, locale: opts.locale });
    } else {
      binding = { email, code: opts.emailCode };
    }
  }
  let row = current;
  if (Object.keys(set).length > 0 || binding) {
    // The code check, the change and the e-mail-bound notification: one transaction (issue 10 item 20).
    const outcome = await db.transaction(async (tx): Promise<{ refused: AppError } | { row: Row }> => {
      if (binding) {
        const refused = await refusalOf(
          verifyEmailCode(ctx, { customerId: current.id, email: binding.email, code: binding.code }, tx),
        );
        if (refused) return { refused };
        set.email = binding.email;
        set.emailVerifiedAt = ctx.clock.now();
      }
      const updated = await updateUnique(tx, current.id, set);
      if (binding) {
        await notify(
          ctx,
          { customerId: updated.id, key: 'email_bound', params: { email: updated.email ?? '' } },
          tx,
        );
      }
      return { row: updated };
    });
    if ('refused' in outcome) throw outcome.refused;
    row = outcome.row;
  }
  return {
    customer: toCustomer(row),
    email_verification_sent: sent !== null,
    ...(sent !== null && ctx.mail.name === 'console' ? { email_code: sent } : {}),
  };
}

const emailScope = (customerId: number, email: string) => `email:${customerId}:${email.toLowerCase()}`;

async function sendEmailCode(
  ctx: AppContext,
  opts: { customerId: number; email: string; locale: Locale },
): Promise<string> {
  const now = ctx.clock.now();
  const code = sixDigitCode();
  const id = await ctx.db.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${opts.customerId}`}))`);
    const [last] = await tx
      .select({ sentAt: emailCode.sentAt })
      .from(emailCode)
      .where(eq(emailCode.customerId, opts.customerId))
      .orderBy(desc(emailCode.sentAt))
      .limit(1);
    if (last) {
      const wait = Math.ceil(SMS_RESEND_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000);
      if (wait > 0) throw new AppError(429, E.smsTooFrequent, E.smsTooFrequent, { seconds: wait });
    }
    const [row] = await tx
      .insert(emailCode)
      .values({
        customerId: opts.customerId,
        email: opts.email,
        codeHash: seal(ctx.authSecret, emailScope(opts.customerId, opts.email), code),
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
        sentAt: now,
      })
      .returning({ id: emailCode.id });
    return row!.id;
  });
  try {
    await ctx.mail.send({
      to: opts.email,
      subject: translate(opts.locale, 'messages:email_code_subject'),
      text: translate(opts.locale, 'messages:email_code_body', {
        code,
        minutes: EMAIL_CODE_TTL_SECONDS / 60,
      }),
    });
  } catch (err) {
    await ctx.db.db.delete(emailCode).where(eq(emailCode.id, id));
    ctx.logger.warn({ err: (err as Error).message }, 'mail provider failed');
    throw new AppError(502, 'email_send_failed');
  }
  return code;
}

async function verifyEmailCode(
  ctx: AppContext,
  opts: { customerId: number; email: string; code: string },
  /** The binding's transaction, which must commit even when the check fails (the attempt counts). */
  db: Db = ctx.db.db,
) {
  const now = ctx.clock.now();
  const [open] = await db
    .select({ id: emailCode.id })
    .from(emailCode)
    .where(
      and(
        eq(emailCode.customerId, opts.customerId),
        eq(emailCode.email, opts.email),
        isNull(emailCode.consumedAt),
      ),
    )
    .orderBy(desc(emailCode.sentAt), desc(emailCode.id))
    .limit(1);
  if (!open) throw new AppError(400, E.smsCodeInvalid);
  const [row] = await db
    .update(emailCode)
    .set({ attempts: sql`${emailCode.attempts} + 1` })
    .where(eq(emailCode.id, open.id))
    .returning();
  if (!row) throw new AppError(400, E.smsCodeInvalid);
  if (row.attempts > SMS_CODE_MAX_ATTEMPTS) throw new AppError(400, E.smsCodeAttempts);
  if (row.expiresAt <= now) throw new AppError(400, E.smsCodeExpired);
  if (!unsealMatches(ctx.authSecret, emailScope(opts.customerId, opts.email), opts.code, row.codeHash)) {
    throw new AppError(400, E.smsCodeInvalid);
  }
  const [done] = await db
    .update(emailCode)
    .set({ consumedAt: now })
    .where(and(eq(emailCode.id, open.id), isNull(emailCode.consumedAt)))
    .returning({ id: emailCode.id });
  if (!done) throw new AppError(400, E.smsCodeInvalid);
}

/**
 * Schedules the deletion (spec §4: 7 days; logging in meanwhile restores the account) and ends every
 * session. Asking again keeps the first date.
 */
export async function requestAccountDeletion(
  ctx: AppContext,
  opts: { customerId: number; locale: Locale },
): Promise<{ deletion_scheduled_at: string; purge_after: string; msg: string }> {
  const current = await load(ctx, opts.customerId);
  const at = current.deletionScheduledAt ?? ctx.clock.now();
  if (!current.deletionScheduledAt) {
    await ctx.db.db.update(customer).set({ deletionScheduledAt: at }).where(eq(customer.id, current.id));
  }
  await revokeSessions(ctx, { customerId: current.id });
  return {
    deletion_scheduled_at: at.toISOString(),
    purge_after: new Date(at.getTime() + DELETION_WAIT_MS).toISOString(),
    msg: translate(opts.locale, 'messages:account_deleted_logout'),
  };
}
