import { and, eq, isNotNull, lte, notExists, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  captchaChallenge,
  customer,
  customerSession,
  emailCode,
  refreshToken,
  smsCode,
  smsCodeFailure,
} from '../../db/schema/index.ts';
import type { PurgeStep } from '../../jobs/purge.handler.ts';
import { cancelForErasure, lockCustomerOrders } from '../shop/order-transitions.ts';
import { DELETION_WAIT_MS } from './customer.service.ts';

/** Storage prefix under which every module keeps a customer's files. */
export const customerStoragePrefix = (id: number) => `customers/${id}/`;

/**
 * Erases accounts whose deletion grace (7 days) has ended: the customer row (its sessions, tokens, codes,
 * notifications, entitlements and plans go with it, ON DELETE CASCADE), the codes, captchas and wrong-code
 * records of its phone, and its files. Financial records stay: orders (their open ones cancelled first),
 * payments, flags and staff audit rows are kept, the orders linked to no customer (ON DELETE SET NULL). The
 * row is deleted only if the deletion is still due, so a login racing the purge wins or loses whole; the
 * customer's order lock keeps a payment being recorded from racing it.
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
      const gone = await db.transaction(async (tx) => {
        await lockCustomerOrders(tx, id);
        const [still] = await tx
          .select({ id: customer.id })
          .from(customer)
          .where(and(eq(customer.id, id), lte(customer.deletionScheduledAt, cutoff)))
          .for('update');
        if (!still) return undefined;
        await cancelForErasure(tx, id, now);
        const [row] = await tx.delete(customer).where(eq(customer.id, id)).returning();
        return row;
      });
      if (!gone) continue;
      const samePhone = (t: typeof smsCode | typeof captchaChallenge | typeof smsCodeFailure) =>
        and(eq(t.areaCode, gone.areaCode), eq(t.phone, gone.phone));
      await db.delete(smsCode).where(samePhone(smsCode));
      await db.delete(captchaChallenge).where(samePhone(captchaChallenge));
      await db.delete(smsCodeFailure).where(samePhone(smsCodeFailure));
      const files = await ctx.storage.deletePrefix(customerStoragePrefix(id));
      ctx.logger.info({ customerId: id, files }, 'account erased after its deletion grace');
      removed++;
    }
    return removed;
  },
};

/**
 * Spent or expired captchas, codes, wrong-code records and refresh tokens (codes are kept a day for the daily
 * SMS cap), then sessions with no refresh token left: a session outlives none of its tokens, so a refresh can
 * never recreate a session that was revoked (sessions.service.ts gives legacy families their row).
 */
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
    const e = await db
      .delete(smsCodeFailure)
      .where(lte(smsCodeFailure.createdAt, dayAgo))
      .returning({ id: smsCodeFailure.id });
    const f = await db
      .delete(customerSession)
      .where(
        notExists(
          db
            .select({ id: refreshToken.id })
            .from(refreshToken)
            .where(eq(refreshToken.familyId, customerSession.id)),
        ),
      )
      .returning({ id: customerSession.id });
    return a.length + b.length + c.length + d.length + e.length + f.length;
  },
};
