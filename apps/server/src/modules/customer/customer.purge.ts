import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { captchaChallenge, customer, emailCode, refreshToken, smsCode } from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { DELETION_WAIT_MS } from './customer.service.ts';

/** Storage prefix under which every module keeps a customer's files. */
export const customerStoragePrefix = (id: number) => `customers/${id}/`;

/**
 * Erases accounts whose deletion grace (7 days) has ended: the customer row (its tokens, codes and
 * notifications go with it, ON DELETE CASCADE), the codes and captchas sent to its phone, and its files.
 * The row is deleted only if the deletion is still due, so a login racing the purge wins or loses whole.
 */
export const purgeDeletedAccounts: PurgeStep = {
  name: 'accounts.deleted_customers',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - DELETION_WAIT_MS);
    const db = ctx.db.db;
    const due = await db
      .select({ id: customer.id })
      .from(customer)
      .where(and(isNotNull(customer.deletionScheduledAt), lte(customer.deletionScheduledAt, cutoff)));
    let removed = 0;
    for (const { id } of due) {
      const [gone] = await db
        .delete(customer)
        .where(and(eq(customer.id, id), lte(customer.deletionScheduledAt, cutoff)))
        .returning();
      if (!gone) continue;
      const samePhone = (t: typeof smsCode | typeof captchaChallenge) =>
        and(eq(t.areaCode, gone.areaCode), eq(t.phone, gone.phone));
      await db.delete(smsCode).where(samePhone(smsCode));
      await db.delete(captchaChallenge).where(samePhone(captchaChallenge));
      const files = await ctx.storage.deletePrefix(customerStoragePrefix(id));
      ctx.logger.info({ customerId: id, files }, 'account erased after its deletion grace');
      removed++;
    }
    return removed;
  },
};

/** Spent or expired captchas, codes and refresh tokens; codes are kept a day for the daily SMS cap. */
export const purgeExpiredCredentials: PurgeStep = {
  name: 'accounts.expired_credentials',
  async run(ctx: AppContext, now: Date): Promise<number> {
    const db = ctx.db.db;
    const dayAgo = new Date(now.getTime() - 2 * 86_400_000);
    const a = await db
      .delete(captchaChallenge)
      .where(lte(captchaChallenge.createdAt, dayAgo))
      .returning({ id: captchaChallenge.id });
    const b = await db.delete(smsCode).where(lte(smsCode.sentAt, dayAgo)).returning({ id: smsCode.id });
    const c = await db.delete(emailCode).where(lte(emailCode.sentAt, dayAgo)).returning({ id: emailCode.id });
    const d = await db
      .delete(refreshToken)
      .where(or(lte(refreshToken.expiresAt, now), lte(refreshToken.revokedAt, dayAgo)))
      .returning({ id: refreshToken.id });
    return a.length + b.length + c.length + d.length;
  },
};
