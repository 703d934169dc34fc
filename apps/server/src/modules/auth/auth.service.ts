import type { TCustomer, TTokens } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customer } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { toCustomer } from '../customer/customer.view.ts';
import { notify } from '../notification/notification.service.ts';
import { verifySmsCode } from './codes.service.ts';
import { startSession } from './sessions.service.ts';

/**
 * Logs in with a verified SMS code, creating the account on first login. Logging in while a deletion is
 * pending cancels it (spec §4 Account deletion).
 */
export async function loginRegister(
  ctx: AppContext,
  opts: { areaCode: string; phone: string; smsCode: string; smsTicket: string; ip: string },
): Promise<TTokens & { customer: TCustomer; restored: boolean }> {
  await verifySmsCode(ctx, {
    areaCode: opts.areaCode,
    phone: opts.phone,
    purpose: 'login',
    code: opts.smsCode,
    ticket: opts.smsTicket,
    ip: opts.ip,
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
  const tokens = await startSession(ctx, { customerId: row.id });
  return { ...tokens, customer: toCustomer(row), restored };
}
