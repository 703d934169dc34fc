import type { TCustomer, TTokens } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customer } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { toCustomer } from '../customer/customer.view.ts';
import { notify } from '../notification/notification.service.ts';
import { refusalOf, verifySmsCode } from './codes.service.ts';
import { startSession } from './sessions.service.ts';

/**
 * Logs in with a verified SMS code, creating the account on first login. Logging in while a deletion is
 * pending cancels it (spec §4 Account deletion). The code check, the account, its welcome (or restored)
 * notification and the session are one transaction (issue 10 item 20): a failure part way leaves no account
 * without its notification, and the code unused for a retry. A refused code still commits (the attempt counts).
 */
export async function loginRegister(
  ctx: AppContext,
  opts: { areaCode: string; phone: string; smsCode: string; smsTicket: string; ip: string },
): Promise<TTokens & { customer: TCustomer; restored: boolean }> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.db.transaction(
    async (tx): Promise<{ refused: AppError } | (TTokens & { customer: TCustomer; restored: boolean })> => {
      const refused = await refusalOf(
        verifySmsCode(
          ctx,
          {
            areaCode: opts.areaCode,
            phone: opts.phone,
            purpose: 'login',
            code: opts.smsCode,
            ticket: opts.smsTicket,
            ip: opts.ip,
          },
          tx,
        ),
      );
      if (refused) return { refused };
      const created = await tx
        .insert(customer)
        .values({ areaCode: opts.areaCode, phone: opts.phone, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: customer.id });
      const samePhone = and(eq(customer.areaCode, opts.areaCode), eq(customer.phone, opts.phone));
      const [before] = await tx
        .select({ deletion: customer.deletionScheduledAt })
        .from(customer)
        .where(samePhone);
      const [row] = await tx
        .update(customer)
        .set({ lastLoginAt: now, deletionScheduledAt: null })
        .where(samePhone)
        .returning();
      if (!row) throw new AppError(409, 'conflict');
      const restored = before?.deletion != null;
      if (created.length > 0) await notify(ctx, { customerId: row.id, key: 'welcome' }, tx);
      if (restored) await notify(ctx, { customerId: row.id, key: 'account_restored' }, tx);
      const tokens = await startSession(ctx, { customerId: row.id }, tx);
      return { ...tokens, customer: toCustomer(row), restored };
    },
  );
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
