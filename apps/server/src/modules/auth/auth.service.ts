import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccountErrorCode as E,
  REFRESH_TOKEN_TTL_SECONDS,
  type TCustomer,
  type TTokens,
} from '@dossier/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customer, refreshToken } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { toCustomer } from '../customer/customer.view.ts';
import { notify } from '../notification/notification.service.ts';
import { verifySmsCode } from './codes.service.ts';
import { hashToken, newRefreshToken, signAccessToken, toUnixSeconds } from './tokens.ts';

/** A new access token and a new refresh token in the given family (a new family at login). */
export async function issueTokens(
  ctx: AppContext,
  opts: { customerId: number; familyId?: string },
): Promise<TTokens> {
  const now = ctx.clock.now();
  const iat = toUnixSeconds(now);
  const accessExp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const refresh = newRefreshToken();
  const refreshExpires = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await ctx.db.db.insert(refreshToken).values({
    customerId: opts.customerId,
    familyId: opts.familyId ?? randomUUID(),
    tokenHash: hashToken(refresh),
    expiresAt: refreshExpires,
    createdAt: now,
  });
  return {
    access_token: signAccessToken(ctx.authSecret, {
      sub: String(opts.customerId),
      iat,
      exp: accessExp,
      typ: 'access',
    }),
    access_token_expires: accessExp,
    refresh_token: refresh,
    refresh_token_expires: toUnixSeconds(refreshExpires),
  };
}

/**
 * Logs in with a verified SMS code, creating the account on first login. Logging in while a deletion is
 * pending cancels it (spec §4 Account deletion).
 */
export async function loginRegister(
  ctx: AppContext,
  opts: { areaCode: string; phone: string; smsCode: string },
): Promise<TTokens & { customer: TCustomer; restored: boolean }> {
  await verifySmsCode(ctx, {
    areaCode: opts.areaCode,
    phone: opts.phone,
    purpose: 'login',
    code: opts.smsCode,
  });
  const now = ctx.clock.now();
  const db = ctx.db.db;
  const created = await db
    .insert(customer)
    .values({ areaCode: opts.areaCode, phone: opts.phone, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: customer.id });
  const samePhone = and(eq(customer.areaCode, opts.areaCode), eq(customer.phone, opts.phone));
  const [before] = await db
    .select({ deletion: customer.deletionScheduledAt })
    .from(customer)
    .where(samePhone);
  const [row] = await db
    .update(customer)
    .set({ lastLoginAt: now, deletionScheduledAt: null })
    .where(samePhone)
    .returning();
  if (!row) throw new AppError(409, 'conflict');
  const restored = before?.deletion != null;
  if (created.length > 0) await notify(ctx, { customerId: row.id, key: 'welcome' });
  if (restored) await notify(ctx, { customerId: row.id, key: 'account_restored' });
  const tokens = await issueTokens(ctx, { customerId: row.id });
  return { ...tokens, customer: toCustomer(row), restored };
}

const sessionExpired = () => new AppError(401, E.sessionExpired);

/**
 * Rotates a refresh token: it is marked used and a new one in the same family is issued. A token that
 * was already used coming back means two holders (theft or a leaked copy): the whole family is revoked.
 */
export async function refreshTokens(ctx: AppContext, opts: { refreshToken: string }): Promise<TTokens> {
  const now = ctx.clock.now();
  const db = ctx.db.db;
  const hash = hashToken(opts.refreshToken);
  const [taken] = await db
    .update(refreshToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshToken.tokenHash, hash),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        gt(refreshToken.expiresAt, now),
      ),
    )
    .returning({ customerId: refreshToken.customerId, familyId: refreshToken.familyId });
  if (taken) return issueTokens(ctx, taken);
  const [known] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, hash));
  if (known?.usedAt && !known.revokedAt) {
    await revokeFamily(ctx, known.familyId);
    ctx.logger.warn(
      { customerId: known.customerId, familyId: known.familyId },
      'refresh token reused: family revoked',
    );
  }
  throw sessionExpired();
}

async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.db.db
    .update(refreshToken)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function logout(ctx: AppContext, opts: { refreshToken: string }): Promise<void> {
  const [row] = await ctx.db.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(opts.refreshToken)));
  if (row) await revokeFamily(ctx, row.familyId);
}

/** Every session of a customer (account deletion). */
export async function revokeAllSessions(ctx: AppContext, opts: { customerId: number }): Promise<void> {
  await ctx.db.db
    .update(refreshToken)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(refreshToken.customerId, opts.customerId), isNull(refreshToken.revokedAt)));
}
