import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccountErrorCode as E,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type TTokens,
} from '@dossier/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customer, customerSession, refreshToken } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  hashToken,
  newRefreshToken,
  signAccessToken,
  successorRefreshToken,
  toUnixSeconds,
} from './tokens.ts';

/**
 * Sessions (decision 0010): a session is one device's login, the family of its refresh tokens. Access tokens
 * name it (`sid`) and every authenticated request checks it is live, so logout, a phone change and account
 * deletion cut access at once instead of up to 15 minutes later.
 */

const sessionExpired = () => new AppError(401, E.sessionExpired);

/** The pair issued at `issuedAt`: the same inputs always sign the same tokens (see the grace window). */
function pairOf(
  ctx: AppContext,
  opts: { customerId: number; sessionId: string; refresh: string; issuedAt: Date },
): TTokens {
  const iat = toUnixSeconds(opts.issuedAt);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  return {
    access_token: signAccessToken(ctx.authSecret, {
      sub: String(opts.customerId),
      sid: opts.sessionId,
      iat,
      exp,
      typ: 'access',
    }),
    access_token_expires: exp,
    refresh_token: opts.refresh,
    refresh_token_expires: toUnixSeconds(refreshExpiry(opts.issuedAt)),
  };
}

const refreshExpiry = (issuedAt: Date) => new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/** A new session (login): its row and first refresh token together. */
export async function startSession(
  ctx: AppContext,
  opts: { customerId: number },
  /** The login's transaction, when the session belongs with other writes (a nested one is a savepoint). */
  db: Db = ctx.db.db,
): Promise<TTokens> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  const refresh = newRefreshToken();
  await db.transaction(async (tx) => {
    await tx.insert(customerSession).values({ id: sessionId, customerId: opts.customerId, createdAt: now });
    await tx.insert(refreshToken).values({
      customerId: opts.customerId,
      familyId: sessionId,
      tokenHash: hashToken(refresh),
      expiresAt: refreshExpiry(now),
      createdAt: now,
    });
  });
  return pairOf(ctx, { customerId: opts.customerId, sessionId, refresh, issuedAt: now });
}

/**
 * Rotates a refresh token: marked used (by this client) and followed by its successor, in one transaction,
 * so a concurrent request for the same token waits for the row and then finds the successor in place.
 * A used token coming back within REFRESH_REUSE_GRACE_SECONDS from the same client (two tabs at once)
 * answers that same successor pair; any other reuse means two holders (theft or a copied device) and
 * revokes the session.
 */
export async function refreshSession(
  ctx: AppContext,
  opts: { refreshToken: string; client: string },
): Promise<TTokens> {
  const now = ctx.clock.now();
  const hash = hashToken(opts.refreshToken);
  const rotated = await ctx.db.db.transaction(async (tx) => {
    const [taken] = await tx
      .update(refreshToken)
      .set({ usedAt: now, usedBy: opts.client })
      .where(
        and(
          eq(refreshToken.tokenHash, hash),
          isNull(refreshToken.usedAt),
          isNull(refreshToken.revokedAt),
          gt(refreshToken.expiresAt, now),
        ),
      )
      .returning({ customerId: refreshToken.customerId, familyId: refreshToken.familyId });
    if (!taken) return null;
    // A family issued before sessions existed gets its row now: its live refresh token vouches for it.
    await tx
      .insert(customerSession)
      .values({ id: taken.familyId, customerId: taken.customerId, createdAt: now })
      .onConflictDoNothing();
    const [live] = await tx
      .select({ id: customerSession.id })
      .from(customerSession)
      .where(and(eq(customerSession.id, taken.familyId), isNull(customerSession.revokedAt)));
    if (!live) throw sessionExpired();
    const next = successorRefreshToken(ctx.authSecret, opts.refreshToken);
    await tx.insert(refreshToken).values({
      customerId: taken.customerId,
      familyId: taken.familyId,
      tokenHash: hashToken(next),
      expiresAt: refreshExpiry(now),
      createdAt: now,
    });
    return pairOf(ctx, {
      customerId: taken.customerId,
      sessionId: taken.familyId,
      refresh: next,
      issuedAt: now,
    });
  });
  return rotated ?? answerReuse(ctx, { ...opts, hash, now });
}

async function answerReuse(
  ctx: AppContext,
  opts: { refreshToken: string; client: string; hash: string; now: Date },
): Promise<TTokens> {
  const db = ctx.db.db;
  const [known] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, opts.hash));
  // Unknown, expired unused, or already revoked: nothing more to do.
  if (!known?.usedAt || known.revokedAt) throw sessionExpired();
  const sinceRotation = opts.now.getTime() - known.usedAt.getTime();
  if (sinceRotation <= REFRESH_REUSE_GRACE_SECONDS * 1000 && known.usedBy === opts.client) {
    const next = successorRefreshToken(ctx.authSecret, opts.refreshToken);
    const [live] = await db
      .select({ id: refreshToken.id })
      .from(refreshToken)
      .innerJoin(customerSession, eq(customerSession.id, refreshToken.familyId))
      .where(
        and(
          eq(refreshToken.tokenHash, hashToken(next)),
          isNull(refreshToken.revokedAt),
          isNull(customerSession.revokedAt),
        ),
      );
    if (!live) throw sessionExpired();
    return pairOf(ctx, {
      customerId: known.customerId,
      sessionId: known.familyId,
      refresh: next,
      issuedAt: known.usedAt,
    });
  }
  await revokeSession(ctx, { sessionId: known.familyId });
  ctx.logger.warn(
    { customerId: known.customerId, familyId: known.familyId },
    'refresh token reused: session revoked',
  );
  throw sessionExpired();
}

/** Ends one session: its row and every refresh token of its family. */
async function revokeSession(ctx: AppContext, opts: { sessionId: string }): Promise<void> {
  const now = ctx.clock.now();
  const ended = await ctx.db.db
    .update(customerSession)
    .set({ revokedAt: now })
    .where(and(eq(customerSession.id, opts.sessionId), isNull(customerSession.revokedAt)))
    .returning({ customerId: customerSession.customerId });
  await ctx.db.db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.familyId, opts.sessionId), isNull(refreshToken.revokedAt)));
  for (const { customerId } of ended) await ctx.customerCache?.forgetSessions(customerId);
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored. */
export async function logout(ctx: AppContext, opts: { refreshToken: string }): Promise<void> {
  const [row] = await ctx.db.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(opts.refreshToken)));
  if (row) await revokeSession(ctx, { sessionId: row.familyId });
}

/**
 * Every session of a customer (account deletion), or every one but the caller's (a change of the login
 * phone: whoever held the account before must not keep reading it).
 */
export async function revokeSessions(
  ctx: AppContext,
  opts: { customerId: number; except?: string },
  /** The transaction of the change that ends the sessions (a phone change). */
  db: Db = ctx.db.db,
): Promise<void> {
  const now = ctx.clock.now();
  await db
    .update(customerSession)
    .set({ revokedAt: now })
    .where(
      and(
        eq(customerSession.customerId, opts.customerId),
        isNull(customerSession.revokedAt),
        opts.except ? ne(customerSession.id, opts.except) : undefined,
      ),
    );
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshToken.customerId, opts.customerId),
        isNull(refreshToken.revokedAt),
        opts.except ? ne(refreshToken.familyId, opts.except) : undefined,
      ),
    );
  // Inside a transaction the caller forgets again once it commits (see cache/customer-cache.ts).
  await ctx.customerCache?.forgetSessions(opts.customerId);
}

/** isSessionLive without the database: true when this process knows the session live (the customer cache). */
export function isSessionKnownLive(
  ctx: AppContext,
  opts: { customerId: number; sessionId: string },
): boolean {
  return ctx.customerCache?.liveSession(opts.sessionId) === opts.customerId;
}

/**
 * The per-request check behind requireCustomer: the token's session is live and its customer exists and is
 * not pending deletion. One query on two primary keys.
 */
export async function isSessionLive(
  ctx: AppContext,
  opts: { customerId: number; sessionId: string },
): Promise<boolean> {
  const cache = ctx.customerCache;
  if (isSessionKnownLive(ctx, opts)) return true;
  const readStartedAt = cache?.now() ?? 0;
  const [row] = await ctx.db.db
    .select({ id: customerSession.id })
    .from(customerSession)
    .innerJoin(customer, eq(customer.id, customerSession.customerId))
    .where(
      and(
        eq(customerSession.id, opts.sessionId),
        eq(customerSession.customerId, opts.customerId),
        isNull(customerSession.revokedAt),
        isNull(customer.deletionScheduledAt),
      ),
    )
    .limit(1);
  if (row) cache?.rememberSession(opts.sessionId, opts.customerId, readStartedAt);
  return row !== undefined;
}
