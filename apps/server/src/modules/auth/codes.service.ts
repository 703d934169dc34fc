import {
  CAPTCHA_TTL_SECONDS,
  AccountErrorCode as E,
  type Locale,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  type TSendSmsCodeResponse,
} from '@dossier/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { captchaChallenge, smsCode } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { SmsSendError } from '../../providers/sms/index.ts';
import { isKnownAreaCode } from '../reference/reference.service.ts';
import { assertNotLocked, recordFailure } from './code-failures.ts';
import { hashToken, randomHandle, seal, sixDigitCode, unsealMatches } from './tokens.ts';

export type SmsPurpose = 'login' | 'change_phone';
type Phone = { areaCode: string; phone: string };

const captchaScope = (p: Phone) => `captcha:${p.areaCode}:${p.phone}`;
const smsScope = (p: Phone, purpose: string) => `sms:${purpose}:${p.areaCode}:${p.phone}`;

/** Only seeded calling codes get captchas and codes: SMS pumping targets arbitrary (premium) ranges. */
async function assertKnownAreaCode(ctx: AppContext, code: string): Promise<void> {
  if (!(await isKnownAreaCode(ctx, code))) throw new AppError(400, E.areaCodeUnknown);
}

/**
 * A new image captcha for this phone, named by a random challenge id; only an HMAC of its answer is stored.
 */
export async function createCaptcha(
  ctx: AppContext,
  opts: Phone,
): Promise<{ captcha: string; captcha_id: string }> {
  await assertKnownAreaCode(ctx, opts.areaCode);
  const c = ctx.captcha.create();
  const now = ctx.clock.now();
  const id = randomHandle(16);
  await ctx.db.db.insert(captchaChallenge).values({
    publicId: id,
    areaCode: opts.areaCode,
    phone: opts.phone,
    answerHash: seal(ctx.authSecret, captchaScope(opts), c.text.toLowerCase()),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { captcha: c.image, captcha_id: id };
}

/**
 * The gate of every send: a known calling code, and the answer to the challenge `captchaId` drawn for this
 * phone, which is used up right or wrong (one guess per image). Only that challenge is checked, so captchas
 * other people draw for the same phone do not invalidate it. CAPTCHA_MODE=test accepts any answer but still
 * needs the open challenge.
 */
export async function consumeCaptcha(
  ctx: AppContext,
  opts: Phone & { captchaId: string; answer: string },
): Promise<void> {
  await assertKnownAreaCode(ctx, opts.areaCode);
  const now = ctx.clock.now();
  const [used] = await ctx.db.db
    .update(captchaChallenge)
    .set({ usedAt: now })
    .where(
      and(
        eq(captchaChallenge.publicId, opts.captchaId),
        eq(captchaChallenge.areaCode, opts.areaCode),
        eq(captchaChallenge.phone, opts.phone),
        isNull(captchaChallenge.usedAt),
        gt(captchaChallenge.expiresAt, now),
      ),
    )
    .returning({ answerHash: captchaChallenge.answerHash });
  if (!used) throw new AppError(400, E.captchaInvalid);
  if (ctx.config.captchaMode === 'test') return;
  if (!unsealMatches(ctx.authSecret, captchaScope(opts), opts.answer.trim().toLowerCase(), used.answerHash)) {
    throw new AppError(400, E.captchaInvalid);
  }
}

/**
 * Sends a 6-digit code by SMS (after consumeCaptcha): at most one per SMS_RESEND_SECONDS and
 * SMS_DAILY_CAP_PER_PHONE a day per phone (whatever the purpose), and SMS_HOURLY_CAP_PER_AREA_CODE an hour
 * per calling code, serialised by advisory locks (calling code, then phone: every sender takes them in that
 * order) so concurrent requests cannot both pass. Returns the ticket the code must be tried with, and the
 * code itself only with the console provider (decision 0006).
 */
export async function sendSmsCode(
  ctx: AppContext,
  opts: Phone & { purpose: SmsPurpose; customerId?: number; locale: Locale },
): Promise<TSendSmsCodeResponse> {
  const now = ctx.clock.now();
  const code = sixDigitCode();
  const ticket = randomHandle(32);
  const id = await ctx.db.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-area:${opts.areaCode}`}))`);
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
    const [hour] = await tx
      .select({ n: count() })
      .from(smsCode)
      .where(
        and(eq(smsCode.areaCode, opts.areaCode), gt(smsCode.sentAt, new Date(now.getTime() - 3_600_000))),
      );
    if ((hour?.n ?? 0) >= ctx.config.smsHourlyCapPerAreaCode) throw new AppError(429, E.smsAreaCodeCap);
    const [row] = await tx
      .insert(smsCode)
      .values({
        areaCode: opts.areaCode,
        phone: opts.phone,
        purpose: opts.purpose,
        customerId: opts.customerId ?? null,
        codeHash: seal(ctx.authSecret, smsScope(opts, opts.purpose), code),
        ticketHash: hashToken(ticket),
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
  const sent = { sms_ticket: ticket, resend_in: SMS_RESEND_SECONDS };
  return ctx.sms.name === 'console' ? { sms_code: code, ...sent } : sent;
}

/**
 * A code check run inside the caller's transaction, its refusal answered as a value: the transaction still
 * commits (the attempt counts) and the caller throws the refusal after it; any other error aborts it.
 */
export function refusalOf(check: Promise<void>): Promise<AppError | null> {
  return check.then(
    () => null,
    (err: unknown) => {
      if (err instanceof AppError) return err;
      throw err;
    },
  );
}

/**
 * Checks a code against the code its ticket names (same phone, purpose and, for change_phone, customer).
 * Without the ticket nobody can try, and so burn, someone else's code. Wrong codes count per phone and per
 * IP (code-failures.ts). Every check counts as an attempt of that code before comparing, so the
 * (SMS_CODE_MAX_ATTEMPTS+1)th fails even with the right code.
 */
export async function verifySmsCode(
  ctx: AppContext,
  opts: Phone & { purpose: SmsPurpose; customerId?: number; code: string; ticket: string; ip: string },
  /** A caller's transaction, which must commit even when the check fails (the attempt counts). */
  db: Db = ctx.db.db,
): Promise<void> {
  const now = ctx.clock.now();
  await assertNotLocked(ctx, opts, db);
  const [open] = await db
    .select({ id: smsCode.id, customerId: smsCode.customerId })
    .from(smsCode)
    .where(
      and(
        eq(smsCode.ticketHash, hashToken(opts.ticket)),
        eq(smsCode.areaCode, opts.areaCode),
        eq(smsCode.phone, opts.phone),
        eq(smsCode.purpose, opts.purpose),
        isNull(smsCode.consumedAt),
      ),
    );
  if (!open || (opts.customerId !== undefined && open.customerId !== opts.customerId)) {
    await recordFailure(ctx, { ip: opts.ip }, db);
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
    await recordFailure(ctx, opts, db);
    throw new AppError(400, E.smsCodeInvalid);
  }
  const [consumed] = await db
    .update(smsCode)
    .set({ consumedAt: now })
    .where(and(eq(smsCode.id, open.id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  if (!consumed) throw new AppError(400, E.smsCodeInvalid);
}
