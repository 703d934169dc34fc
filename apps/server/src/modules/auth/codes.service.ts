import {
  CAPTCHA_TTL_SECONDS,
  AccountErrorCode as E,
  type Locale,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
} from '@dossier/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { captchaChallenge, smsCode } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { SmsSendError } from '../../providers/sms/index.ts';
import { seal, sixDigitCode, unsealMatches } from './tokens.ts';

export type SmsPurpose = 'login' | 'change_phone';
type Phone = { areaCode: string; phone: string };

const captchaScope = (p: Phone) => `captcha:${p.areaCode}:${p.phone}`;
const smsScope = (p: Phone, purpose: string) => `sms:${purpose}:${p.areaCode}:${p.phone}`;

/** A new image captcha for this phone; only an HMAC of its answer is stored. */
export async function createCaptcha(ctx: AppContext, opts: Phone): Promise<{ captcha: string }> {
  const c = ctx.captcha.create();
  const now = ctx.clock.now();
  await ctx.db.db.insert(captchaChallenge).values({
    areaCode: opts.areaCode,
    phone: opts.phone,
    answerHash: seal(ctx.authSecret, captchaScope(opts), c.text.toLowerCase()),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { captcha: c.image };
}

/**
 * Checks the answer against the newest open captcha of this phone and uses it up, right or wrong (one
 * guess per image). CAPTCHA_MODE=test accepts any answer but still needs an open captcha.
 */
export async function consumeCaptcha(ctx: AppContext, opts: Phone & { answer: string }): Promise<void> {
  const now = ctx.clock.now();
  const db = ctx.db.db;
  const [open] = await db
    .select({ id: captchaChallenge.id })
    .from(captchaChallenge)
    .where(
      and(
        eq(captchaChallenge.areaCode, opts.areaCode),
        eq(captchaChallenge.phone, opts.phone),
        isNull(captchaChallenge.usedAt),
        gt(captchaChallenge.expiresAt, now),
      ),
    )
    .orderBy(desc(captchaChallenge.id))
    .limit(1);
  if (!open) throw new AppError(400, E.captchaInvalid);
  const [used] = await db
    .update(captchaChallenge)
    .set({ usedAt: now })
    .where(and(eq(captchaChallenge.id, open.id), isNull(captchaChallenge.usedAt)))
    .returning({ answerHash: captchaChallenge.answerHash });
  if (!used) throw new AppError(400, E.captchaInvalid);
  if (ctx.config.captchaMode === 'test') return;
  if (!unsealMatches(ctx.authSecret, captchaScope(opts), opts.answer.trim().toLowerCase(), used.answerHash)) {
    throw new AppError(400, E.captchaInvalid);
  }
}

/**
 * Sends a 6-digit code by SMS: at most one per SMS_RESEND_SECONDS and SMS_DAILY_CAP_PER_PHONE a day
 * per phone (whatever the purpose), serialised per phone by an advisory lock so two requests cannot
 * both pass the checks. Returns the code only with the console provider (decision 0006).
 */
export async function sendSmsCode(
  ctx: AppContext,
  opts: Phone & { purpose: SmsPurpose; customerId?: number; locale: Locale },
): Promise<{ sms_code?: string; resend_in: number }> {
  const now = ctx.clock.now();
  const code = sixDigitCode();
  const id = await ctx.db.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${opts.areaCode}:${opts.phone}`}))`);
    const samePhone = and(eq(smsCode.areaCode, opts.areaCode), eq(smsCode.phone, opts.phone));
    const [last] = await tx
      .select({ sentAt: smsCode.sentAt })
      .from(smsCode)
      .where(samePhone)
      .orderBy(desc(smsCode.sentAt))
      .limit(1);
    if (last) {
      const wait = Math.ceil(SMS_RESEND_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000);
      if (wait > 0) throw new AppError(429, E.smsTooFrequent, E.smsTooFrequent, { seconds: wait });
    }
    const [day] = await tx
      .select({ n: count() })
      .from(smsCode)
      .where(and(samePhone, gt(smsCode.sentAt, new Date(now.getTime() - 86_400_000))));
    if ((day?.n ?? 0) >= ctx.config.sms.dailyCapPerPhone) throw new AppError(429, E.smsDailyCap);
    const [row] = await tx
      .insert(smsCode)
      .values({
        areaCode: opts.areaCode,
        phone: opts.phone,
        purpose: opts.purpose,
        customerId: opts.customerId ?? null,
        codeHash: seal(ctx.authSecret, smsScope(opts, opts.purpose), code),
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        sentAt: now,
      })
      .returning({ id: smsCode.id });
    return row!.id;
  });
  try {
    await ctx.sms.send({ areaCode: opts.areaCode, phone: opts.phone, code, locale: opts.locale });
  } catch (err) {
    // Not sent: forget it, so the resend interval and the daily cap do not count it.
    await ctx.db.db.delete(smsCode).where(eq(smsCode.id, id));
    if (err instanceof SmsSendError) {
      ctx.logger.warn({ err: err.message, provider: err.provider }, 'SMS provider refused the message');
      throw new AppError(502, E.smsSendFailed);
    }
    throw err;
  }
  return ctx.sms.name === 'console'
    ? { sms_code: code, resend_in: SMS_RESEND_SECONDS }
    : { resend_in: SMS_RESEND_SECONDS };
}

/**
 * Checks a code against the newest open code for this phone and purpose. Every check counts as an
 * attempt before anything else, so the (SMS_CODE_MAX_ATTEMPTS+1)th fails even with the right code.
 */
export async function verifySmsCode(
  ctx: AppContext,
  opts: Phone & { purpose: SmsPurpose; customerId?: number; code: string },
): Promise<void> {
  const now = ctx.clock.now();
  const db = ctx.db.db;
  const [open] = await db
    .select({ id: smsCode.id, customerId: smsCode.customerId })
    .from(smsCode)
    .where(
      and(
        eq(smsCode.areaCode, opts.areaCode),
        eq(smsCode.phone, opts.phone),
        eq(smsCode.purpose, opts.purpose),
        isNull(smsCode.consumedAt),
      ),
    )
    .orderBy(desc(smsCode.sentAt), desc(smsCode.id))
    .limit(1);
  if (!open || (opts.customerId !== undefined && open.customerId !== opts.customerId)) {
    throw new AppError(400, E.smsCodeInvalid);
  }
  const [row] = await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(eq(smsCode.id, open.id))
    .returning({ attempts: smsCode.attempts, expiresAt: smsCode.expiresAt, codeHash: smsCode.codeHash });
  if (!row) throw new AppError(400, E.smsCodeInvalid);
  if (row.attempts > SMS_CODE_MAX_ATTEMPTS) throw new AppError(400, E.smsCodeAttempts);
  if (row.expiresAt <= now) throw new AppError(400, E.smsCodeExpired);
  if (!unsealMatches(ctx.authSecret, smsScope(opts, opts.purpose), opts.code, row.codeHash)) {
    throw new AppError(400, E.smsCodeInvalid);
  }
  const [consumed] = await db
    .update(smsCode)
    .set({ consumedAt: now })
    .where(and(eq(smsCode.id, open.id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  if (!consumed) throw new AppError(400, E.smsCodeInvalid);
}
