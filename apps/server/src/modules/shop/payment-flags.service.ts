import type { Currency, PaymentFlagKind, TPaymentFlag } from '@dossier/contract';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { paymentFlag, shopOrder } from '../../db/schema/index.ts';

/**
 * Payments staff must look at (the finance queue; the staff console lists them): raised inside the
 * transaction that records the payment, so a flagged payment never exists without its flag.
 */
export interface FlagInput {
  kind: PaymentFlagKind;
  orderId: number;
  paymentId: number;
  amountMinor: number;
  currency: Currency;
}

/** One flag per payment and kind (a replay raises nothing new). */
export async function raiseFlag(tx: Db, f: FlagInput, now: Date): Promise<void> {
  await tx
    .insert(paymentFlag)
    .values({ ...f, createdAt: now })
    .onConflictDoNothing({ target: [paymentFlag.paymentId, paymentFlag.kind] });
}

/** GET /api/staff/payment_flag/: newest first; the open ones unless asked otherwise; one order's if given. */
export async function listPaymentFlags(
  ctx: AppContext,
  opts: { page: number; size: number; open: boolean; orderId?: number | undefined },
): Promise<{ count: number; results: TPaymentFlag[] }> {
  const where: SQL[] = [];
  if (opts.open) where.push(isNull(paymentFlag.resolvedAt));
  if (opts.orderId !== undefined) where.push(eq(paymentFlag.orderId, opts.orderId));
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(paymentFlag)
    .where(and(...where));
  const rows = await db
    .select({ f: paymentFlag, orderNo: shopOrder.orderNo })
    .from(paymentFlag)
    .innerJoin(shopOrder, eq(paymentFlag.orderId, shopOrder.id))
    .where(and(...where))
    .orderBy(desc(paymentFlag.createdAt), desc(paymentFlag.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ f, orderNo }) => ({
      id: f.id,
      kind: f.kind as PaymentFlagKind,
      order_id: f.orderId,
      order_no: orderNo,
      payment_id: f.paymentId,
      amount: { amount: f.amountMinor, currency: f.currency === 'CNY' ? 'CNY' : 'USD' },
      created_at: f.createdAt.toISOString(),
      resolved_at: f.resolvedAt?.toISOString() ?? null,
    })),
  };
}
