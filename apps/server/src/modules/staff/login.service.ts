import { StaffErrorCode as E, type TStaffMe, type TStaffSession } from '@dossier/contract';
import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { staffLoginFailure, staffSession, staffUser } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from './audit.service.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { afterStep, type LiveStaffSession, startStaffSession } from './sessions.service.ts';
import { matchTotp, newTotpSecret, openTotpSecret, otpauthUri, sealTotpSecret } from './totp.ts';

/**
 * Staff sign-in (decision 0020): password, then the TOTP code (admin and finance must have one), then the
 * forced password change after a one-time password. Wrong passwords and codes count per username and per
 * address; past the limit both wait until the window has moved on (time-boxed lockout).
 */

export const STAFF_LOCK_WINDOW_MINUTES = 15;
export const STAFF_FAILURES_PER_USERNAME = 5;
export const STAFF_FAILURES_PER_IP = 20;

const nowSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);

/** Minutes until the lockout of `column = value` ends, or 0 when it is not locked. */
async function lockMinutes(
  ctx: AppContext,
  column: typeof staffLoginFailure.username | typeof staffLoginFailure.ip,
  value: string,
  limit: number,
): Promise<number> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - STAFF_LOCK_WINDOW_MINUTES * 60_000);
  const [nth] = await ctx.db.db
    .select({ at: staffLoginFailure.at })
    .from(staffLoginFailure)
    .where(and(eq(column, value), gt(staffLoginFailure.at, since)))
    .orderBy(desc(staffLoginFailure.at))
    .limit(1)
    .offset(limit - 1);
  if (!nth) return 0;
  const until = nth.at.getTime() + STAFF_LOCK_WINDOW_MINUTES * 60_000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}

async function assertNotLocked(ctx: AppContext, username: string, ip: string): Promise<void> {
  const m = Math.max(
    await lockMinutes(ctx, staffLoginFailure.username, username, STAFF_FAILURES_PER_USERNAME),
    await lockMinutes(ctx, staffLoginFailure.ip, ip, STAFF_FAILURES_PER_IP),
  );
  if (m > 0) throw errorOf(429, E.staffLocked, { minutes: m });
}

async function fail(ctx: AppContext, who: StaffActor, action: string, code: string): Promise<never> {
  await ctx.db.db
    .insert(staffLoginFailure)
    .values({ username: who.actor, ip: who.ip ?? '', at: ctx.clock.now() });
  await recordAudit(ctx, ctx.db.db, who, {
    action,
    targetType: 'staff_user',
    targetId: who.staffId ?? who.actor,
    detail: { result: 'refused', code },
  });
  throw errorOf(401, code);
}

/** POST /api/staff/auth/login/: a (partial) session, or 401 staff_login_failed / 429 staff_locked. */
export async function staffLogin(
  ctx: AppContext,
  opts: { username: string; password: string; ip: string },
): Promise<TStaffSession> {
  await assertNotLocked(ctx, opts.username, opts.ip);
  const [user] = await ctx.db.db.select().from(staffUser).where(eq(staffUser.username, opts.username));
  // Unknown and disabled accounts cost the same scrypt as a real one and answer the same.
  const ok = await verifyPassword(opts.password, user ? user.passwordHash : await decoyHash());
  const who: StaffActor = { staffId: user?.id ?? null, actor: opts.username, ip: opts.ip };
  if (!user || !ok || user.disabledAt) return fail(ctx, who, 'staff.login', E.staffLoginFailed);
  const session = await startStaffSession(ctx, user, opts.ip);
  await ctx.db.db.update(staffUser).set({ lastLoginAt: ctx.clock.now() }).where(eq(staffUser.id, user.id));
  await recordAudit(ctx, ctx.db.db, who, {
    action: 'staff.login',
    targetType: 'staff_user',
    targetId: user.id,
    detail: { result: 'ok', stage: session.staff.stage },
  });
  return session;
}

/** Marks a TOTP step used: conditional, so two requests with the same code cannot both pass. */
async function useStep(tx: Db, staffId: number, step: number): Promise<boolean> {
  const moved = await tx
    .update(staffUser)
    .set({ totpLastStep: step })
    .where(
      and(eq(staffUser.id, staffId), or(isNull(staffUser.totpLastStep), lt(staffUser.totpLastStep, step))),
    )
    .returning({ id: staffUser.id });
  return moved.length > 0;
}

/** POST /api/staff/auth/totp/verify/: the second factor of this session. */
export async function verifyStaffTotp(
  ctx: AppContext,
  live: LiveStaffSession,
  who: StaffActor,
  code: string,
): Promise<TStaffMe> {
  const { user } = live;
  if (!user.totpSecret) throw errorOf(409, E.staffTotpState);
  await assertNotLocked(ctx, user.username, who.ip ?? '');
  const secret = openTotpSecret(ctx.authSecret, user.totpSecret);
  const step = matchTotp(secret, code, nowSeconds(ctx), user.totpLastStep);
  if (step === null) return fail(ctx, who, 'staff.totp_verify', E.staffTotpInvalid);
  return ctx.db.db.transaction(async (tx) => {
    if (!(await useStep(tx, user.id, step))) throw errorOf(401, E.staffTotpInvalid);
    await tx
      .update(staffSession)
      .set({ totpVerifiedAt: ctx.clock.now() })
      .where(eq(staffSession.id, live.session.id));
    await recordAudit(ctx, tx, who, {
      action: 'staff.totp_verify',
      targetType: 'staff_user',
      targetId: user.id,
    });
    return afterStep(ctx, tx, live.session.id);
  });
}

/**
 * POST /api/staff/auth/totp/enrol/: a new secret and its otpauth URI (replacing an unconfirmed one). Only
 * while no second factor is on: replacing a working one needs an admin reset.
 */
export async function enrolStaffTotp(ctx: AppContext, live: LiveStaffSession, who: StaffActor) {
  if (live.user.totpSecret) throw errorOf(409, E.staffTotpState);
  const secret = newTotpSecret();
  await ctx.db.db
    .update(staffUser)
    .set({ totpPendingSecret: sealTotpSecret(ctx.authSecret, secret) })
    .where(eq(staffUser.id, live.user.id));
  await recordAudit(ctx, ctx.db.db, who, {
    action: 'staff.totp_enrol',
    targetType: 'staff_user',
    targetId: live.user.id,
  });
  return { secret, otpauth_uri: otpauthUri(secret, live.user.username) };
}

/** POST /api/staff/auth/totp/confirm/: the first code from the app turns the second factor on. */
export async function confirmStaffTotp(
  ctx: AppContext,
  live: LiveStaffSession,
  who: StaffActor,
  code: string,
): Promise<TStaffMe> {
  const { user } = live;
  if (user.totpSecret || !user.totpPendingSecret) throw errorOf(409, E.staffTotpState);
  await assertNotLocked(ctx, user.username, who.ip ?? '');
  const pending = user.totpPendingSecret;
  const step = matchTotp(openTotpSecret(ctx.authSecret, pending), code, nowSeconds(ctx), user.totpLastStep);
  if (step === null) return fail(ctx, who, 'staff.totp_confirm', E.staffTotpInvalid);
  return ctx.db.db.transaction(async (tx) => {
    if (!(await useStep(tx, user.id, step))) throw errorOf(401, E.staffTotpInvalid);
    const on = await tx
      .update(staffUser)
      .set({ totpSecret: pending, totpPendingSecret: null })
      .where(
        and(
          eq(staffUser.id, user.id),
          eq(staffUser.totpPendingSecret, pending),
          isNull(staffUser.totpSecret),
        ),
      )
      .returning({ id: staffUser.id });
    if (on.length === 0) throw errorOf(409, E.staffTotpState);
    await tx
      .update(staffSession)
      .set({ totpVerifiedAt: ctx.clock.now() })
      .where(eq(staffSession.id, live.session.id));
    await recordAudit(ctx, tx, who, {
      action: 'staff.totp_confirm',
      targetType: 'staff_user',
      targetId: user.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
    });
    return afterStep(ctx, tx, live.session.id);
  });
}

/** POST /api/staff/auth/password/: the current password again, then a new one (ends the forced change). */
export async function changeStaffPassword(
  ctx: AppContext,
  live: LiveStaffSession,
  who: StaffActor,
  opts: { current: string; next: string },
): Promise<TStaffMe> {
  const { user } = live;
  await assertNotLocked(ctx, user.username, who.ip ?? '');
  if (!(await verifyPassword(opts.current, user.passwordHash))) {
    return fail(ctx, who, 'staff.password_change', E.staffLoginFailed);
  }
  if (opts.current === opts.next) throw errorOf(400, E.staffPasswordReused);
  const hash = await hashPassword(opts.next);
  return ctx.db.db.transaction(async (tx) => {
    await tx
      .update(staffUser)
      .set({ passwordHash: hash, mustChangePassword: false })
      .where(eq(staffUser.id, user.id));
    // Other sessions of the account end; this one goes on.
    await tx
      .update(staffSession)
      .set({ revokedAt: ctx.clock.now() })
      .where(
        and(
          eq(staffSession.staffId, user.id),
          ne(staffSession.id, live.session.id),
          isNull(staffSession.revokedAt),
        ),
      );
    await recordAudit(ctx, tx, who, {
      action: 'staff.password_change',
      targetType: 'staff_user',
      targetId: user.id,
      before: { must_change_password: user.mustChangePassword },
      after: { must_change_password: false },
    });
    return afterStep(ctx, tx, live.session.id);
  });
}
