import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  STAFF_ROLES_NEEDING_TOTP,
  type StaffRole,
  type StaffSessionStage,
  type TStaffMe,
  type TStaffSession,
} from '@dossier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { staffSession, staffUser } from '../../db/schema/index.ts';

/**
 * Staff sessions (decision 0020): an opaque bearer token `stf_<256 random bits>`, only its SHA-256 stored in
 * staff_session. Nothing is shared with customer sessions: a customer's signed access token is no staff
 * token (it is not in this table) and a staff token is no customer token (it is not a signed JWS).
 */

/** A session that has not passed every sign-in step lives this long. */
export const STAFF_PARTIAL_SESSION_MINUTES = 10;
/** A full session ends this long after sign-in, however busy. */
export const STAFF_SESSION_HOURS = 12;
/** …and after this long without a call. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
const TOKEN_PREFIX = 'stf_';

type UserRow = typeof staffUser.$inferSelect;
type SessionRow = typeof staffSession.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

export function stageOf(user: UserRow, session: Pick<SessionRow, 'totpVerifiedAt'>): StaffSessionStage {
  if (user.totpSecret && !session.totpVerifiedAt) return 'totp_required';
  if (user.mustChangePassword) return 'password_change_required';
  if (!user.totpSecret && STAFF_ROLES_NEEDING_TOTP.includes(user.role as StaffRole)) {
    return 'totp_enrolment_required';
  }
  return 'ok';
}

export const meOf = (user: UserRow, stage: StaffSessionStage): TStaffMe => ({
  id: user.id,
  username: user.username,
  role: user.role as StaffRole,
  stage,
  totp_enabled: user.totpSecret !== null,
  must_change_password: user.mustChangePassword,
});

/** A new session after a correct password; it is partial until its stage is `ok`. */
export async function startStaffSession(
  ctx: AppContext,
  user: UserRow,
  ip: string | null,
): Promise<TStaffSession> {
  const now = ctx.clock.now();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const stage = stageOf(user, { totpVerifiedAt: null });
  const expiresAt =
    stage === 'ok' ? minutes(now, STAFF_SESSION_HOURS * 60) : minutes(now, STAFF_PARTIAL_SESSION_MINUTES);
  await ctx.db.db.insert(staffSession).values({
    id: randomUUID(),
    staffId: user.id,
    tokenHash: hashOf(token),
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expires_at: expiresAt.toISOString(), staff: meOf(user, stage) };
}

export interface LiveStaffSession {
  session: SessionRow;
  user: UserRow;
  stage: StaffSessionStage;
}

/** The live session of a bearer token (not revoked, expired or idle; account enabled), or null. */
export async function resolveStaffSession(ctx: AppContext, token: string): Promise<LiveStaffSession | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db.db
    .select({ session: staffSession, user: staffUser })
    .from(staffSession)
    .innerJoin(staffUser, eq(staffSession.staffId, staffUser.id))
    .where(and(eq(staffSession.tokenHash, hashOf(token)), isNull(staffSession.revokedAt)));
  if (!row || row.user.disabledAt) return null;
  const { session, user } = row;
  if (session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MINUTES * 60_000) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > 60_000) {
    await ctx.db.db.update(staffSession).set({ lastSeenAt: now }).where(eq(staffSession.id, session.id));
  }
  return { session, user, stage: stageOf(user, session) };
}

/**
 * After a sign-in step: the session's stage again, and a session that just became full gets its full
 * lifetime from now.
 */
export async function afterStep(ctx: AppContext, db: Db, sessionId: string): Promise<TStaffMe> {
  const [row] = await db
    .select({ session: staffSession, user: staffUser })
    .from(staffSession)
    .innerJoin(staffUser, eq(staffSession.staffId, staffUser.id))
    .where(eq(staffSession.id, sessionId));
  const stage = stageOf(row!.user, row!.session);
  if (stage === 'ok') {
    await db
      .update(staffSession)
      .set({ expiresAt: minutes(ctx.clock.now(), STAFF_SESSION_HOURS * 60) })
      .where(and(eq(staffSession.id, sessionId), isNull(staffSession.revokedAt)));
  }
  return meOf(row!.user, stage);
}

export async function revokeStaffSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.db
    .update(staffSession)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(staffSession.id, sessionId), isNull(staffSession.revokedAt)));
}

/** Every session of an account ends (disabled, password reset). */
export async function revokeAllStaffSessions(ctx: AppContext, db: Db, staffId: number): Promise<void> {
  await db
    .update(staffSession)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
}
