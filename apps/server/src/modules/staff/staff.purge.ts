import { lt, or } from 'drizzle-orm';
import { staffLoginFailure, staffSession } from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { STAFF_LOCK_WINDOW_MINUTES } from './login.service.ts';

/** Sessions that ended (expired or revoked) are kept this long for the admin's questions, then removed. */
const ENDED_SESSION_KEEP_DAYS = 30;

/**
 * Daily purge: failed sign-ins older than a day (the lockout looks back STAFF_LOCK_WINDOW_MINUTES; the audit
 * log keeps the history) and staff sessions ended more than 30 days ago. The audit log itself is never purged.
 */
export const purgeStaffSignIns: PurgeStep = {
  name: 'staff.sign_ins',
  async run(ctx, now) {
    const day = new Date(now.getTime() - Math.max(24 * 60, STAFF_LOCK_WINDOW_MINUTES) * 60_000);
    const ended = new Date(now.getTime() - ENDED_SESSION_KEEP_DAYS * 86_400_000);
    const failures = await ctx.db.db
      .delete(staffLoginFailure)
      .where(lt(staffLoginFailure.at, day))
      .returning({ id: staffLoginFailure.id });
    const sessions = await ctx.db.db
      .delete(staffSession)
      .where(or(lt(staffSession.expiresAt, ended), lt(staffSession.revokedAt, ended)))
      .returning({ id: staffSession.id });
    return failures.length + sessions.length;
  },
};
