import {
  AccountErrorCode as E,
  SMS_CODE_FAILURE_WINDOW_SECONDS,
  SMS_CODE_FAILURES_PER_PHONE,
} from '@dossier/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { smsCodeFailure } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * Wrong SMS codes counted per phone and per IP (decision 0010), beside each code's own attempt budget: a
 * guesser spreading over many codes (per phone) or many phones (per IP) must wait. Checked before a code is
 * compared, so a right guess during the wait does not reveal itself.
 */

const windowStart = (ctx: AppContext) =>
  new Date(ctx.clock.now().getTime() - SMS_CODE_FAILURE_WINDOW_SECONDS * 1000);
const locked = () =>
  new AppError(429, E.smsVerifyLocked, E.smsVerifyLocked, { minutes: SMS_CODE_FAILURE_WINDOW_SECONDS / 60 });

export async function assertNotLocked(
  ctx: AppContext,
  opts: { ip: string; areaCode: string; phone: string },
  db: Db = ctx.db.db,
): Promise<void> {
  const since = windowStart(ctx);
  const [byIp] = await db
    .select({ n: count() })
    .from(smsCodeFailure)
    .where(and(eq(smsCodeFailure.ip, opts.ip), gt(smsCodeFailure.createdAt, since)));
  if ((byIp?.n ?? 0) >= ctx.config.smsCodeFailuresPerIp) throw locked();
  const [byPhone] = await db
    .select({ n: count() })
    .from(smsCodeFailure)
    .where(
      and(
        eq(smsCodeFailure.areaCode, opts.areaCode),
        eq(smsCodeFailure.phone, opts.phone),
        gt(smsCodeFailure.createdAt, since),
      ),
    );
  if ((byPhone?.n ?? 0) >= SMS_CODE_FAILURES_PER_PHONE) throw locked();
}

/**
 * One wrong attempt from `ip`. The phone is named only when the attempt carried a real ticket of that phone:
 * someone without a code sent to them cannot run up a stranger's count (and so lock them out).
 */
export async function recordFailure(
  ctx: AppContext,
  opts: { ip: string; areaCode?: string; phone?: string },
  db: Db = ctx.db.db,
): Promise<void> {
  await db.insert(smsCodeFailure).values({
    ip: opts.ip,
    areaCode: opts.areaCode ?? null,
    phone: opts.phone ?? null,
    createdAt: ctx.clock.now(),
  });
}
