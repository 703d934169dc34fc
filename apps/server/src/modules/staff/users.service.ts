import { StaffErrorCode as E, type StaffRole, type TStaffUser } from '@dossier/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staffUser } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from './audit.service.ts';
import { hashPassword, oneTimePassword } from './password.ts';
import { revokeAllStaffSessions } from './sessions.service.ts';

/**
 * Staff accounts, managed by admins (and the `staff:create` CLI). Passwords are never chosen by whoever
 * creates or resets an account: a one-time password is answered once and must be changed at next login.
 */

type UserRow = typeof staffUser.$inferSelect;

export const userView = (u: UserRow): TStaffUser => ({
  id: u.id,
  username: u.username,
  role: u.role as StaffRole,
  totp_enabled: u.totpSecret !== null,
  must_change_password: u.mustChangePassword,
  disabled: u.disabledAt !== null,
  created_at: u.createdAt.toISOString(),
  last_login_at: u.lastLoginAt?.toISOString() ?? null,
});

/** What the audit keeps of an account (never a hash or a secret). */
const snapshot = (u: UserRow) => {
  const { created_at: _c, last_login_at: _l, ...rest } = userView(u);
  return rest;
};

export async function listStaffUsers(ctx: AppContext): Promise<TStaffUser[]> {
  const rows = await ctx.db.db.select().from(staffUser).orderBy(asc(staffUser.username));
  return rows.map(userView);
}

export async function createStaffUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  who: StaffActor,
  opts: { username: string; role: StaffRole },
): Promise<{ user: TStaffUser; one_time_password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return ctx.db.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUser)
      .values({
        username: opts.username,
        role: opts.role,
        passwordHash,
        mustChangePassword: true,
        createdAt: ctx.clock.now(),
        createdBy: who.actor,
      })
      .onConflictDoNothing({ target: staffUser.username })
      .returning();
    if (!row) throw errorOf(409, E.staffUsernameTaken);
    await recordAudit(ctx, tx, who, {
      action: 'staff_user.create',
      targetType: 'staff_user',
      targetId: row.id,
      before: null,
      after: snapshot(row),
    });
    return { user: userView(row), one_time_password: password };
  });
}

/** Disables an account and ends its sessions at once; an admin cannot disable themselves. */
export async function disableStaffUser(ctx: AppContext, who: StaffActor, id: number): Promise<TStaffUser> {
  if (id === who.staffId) throw errorOf(409, E.staffSelfDisable);
  return ctx.db.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(staffUser)
      .set({ disabledAt: before.disabledAt ?? ctx.clock.now() })
      .where(eq(staffUser.id, id))
      .returning();
    await revokeAllStaffSessions(ctx, tx, id);
    await recordAudit(ctx, tx, who, {
      action: 'staff_user.disable',
      targetType: 'staff_user',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after!),
    });
    return userView(after!);
  });
}

/**
 * A new one-time password (forced change at next login), every session ended; `resetTotp` also clears the
 * second factor, which the next login enrols again.
 */
export async function resetStaffPassword(
  ctx: AppContext,
  who: StaffActor,
  opts: { id: number; resetTotp: boolean },
): Promise<{ user: TStaffUser; one_time_password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return ctx.db.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, opts.id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(staffUser)
      .set({
        passwordHash,
        mustChangePassword: true,
        ...(opts.resetTotp ? { totpSecret: null, totpPendingSecret: null } : {}),
      })
      .where(eq(staffUser.id, opts.id))
      .returning();
    await revokeAllStaffSessions(ctx, tx, opts.id);
    await recordAudit(ctx, tx, who, {
      action: 'staff_user.reset_password',
      targetType: 'staff_user',
      targetId: opts.id,
      before: snapshot(before),
      after: snapshot(after!),
      detail: { reset_totp: opts.resetTotp },
    });
    return { user: userView(after!), one_time_password: password };
  });
}
