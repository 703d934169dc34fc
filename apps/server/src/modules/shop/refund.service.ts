import {
  ShopErrorCode as E,
  ErrorCode,
  FinanceErrorCode as F,
  type Locale,
  type TStaffOrder,
} from '@dossier/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { entitlement, orderItem, payment, refund, serviceTask } from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';
import type { PaymentProvider, RefundResult } from '../../providers/payment/index.ts';
import { PaymentProviderError } from '../../providers/payment/index.ts';
import { notify } from '../notification/notification.service.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';
import { TASK_TRANSITIONS } from '../tasks/tasks.transitions.ts';
import { staffOrderView } from './finance-staff.service.ts';
import { canTransition, type OrderRow, tryTransition } from './order-transitions.ts';
import { fmtMoney, lockForPayment } from './record-payment.ts';

/**
 * Refunds (issue 16 item 7; decision 0034). Three steps so no transaction waits on a provider:
 *  1. under the customer's and the order's locks: the checks, then a `pending` refund row (one per order at a
 *     time, unique; the same Idempotency-Key again finds it);
 *  2. the provider's refund call (Stripe POST /v1/refunds, Alipay alipay.trade.refund, the sandbox at once; a
 *     bank transfer is recorded by hand with the reference of the transfer staff made), with the refund row's
 *     own idempotency key so a retry refunds once;
 *  3. under the locks again: the refund `succeeded` (a conditional UPDATE … WHERE status = 'pending'); when
 *     nothing is left to refund, the order's `refund` transition, its entitlements withdrawn, the customer's
 *     notification and the audit row, all in that transaction.
 */

type RefundRow = typeof refund.$inferSelect;
type PaymentRow = typeof payment.$inferSelect;

export interface RefundOptions {
  orderId: number;
  idempotencyKey: string;
  reason: string;
  amount?: number | undefined;
  reference?: string | undefined;
  who: StaffActor;
  /** The staff member's language, for the order view answered. */
  locale: Locale;
}

/** Each succeeded payment of an order with what its succeeded refunds gave back, oldest first. */
export async function paymentsWithRefunds(
  db: Db,
  orderIds: number[],
): Promise<{ p: PaymentRow; refunded: number }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(payment)
    .where(inArray(payment.orderId, orderIds))
    .orderBy(payment.createdAt, payment.id);
  const sums = await db
    .select({ paymentId: refund.paymentId, n: sql<string>`coalesce(sum(${refund.amountMinor}), 0)` })
    .from(refund)
    .where(and(inArray(refund.orderId, orderIds), eq(refund.status, 'succeeded')))
    .groupBy(refund.paymentId);
  return rows.map((p) => ({ p, refunded: Number(sums.find((s) => s.paymentId === p.id)?.n ?? 0) }));
}

/** The payment a refund gives back now: the latest succeeded one with something left; null if none. */
export function refundTarget(list: { p: PaymentRow; refunded: number }[]) {
  for (let i = list.length - 1; i >= 0; i -= 1) {
    const { p, refunded } = list[i]!;
    if (p.status === 'succeeded' && p.amountMinor > refunded) return { p, left: p.amountMinor - refunded };
  }
  return null;
}

const refundIdempotencyKey = (r: RefundRow) => `dossier-refund-${r.id}`;
/** A pending refund older than this is no longer in flight (the provider calls time out after 15 s). */
export const STALE_PENDING_MS = 10 * 60 * 1000;

function providerFor(ctx: AppContext, provider: string): PaymentProvider | 'manual' {
  if (provider === 'bank_transfer') return 'manual';
  if (provider === 'sandbox') return ctx.payments.sandbox;
  const p = ctx.payments.byId(provider);
  if (!p) throw errorOf(409, F.refundProviderUnavailable, { provider });
  return p;
}

/** Audits a refused or failed refund (outside any transaction) and rethrows. */
async function audited<T>(ctx: AppContext, o: RefundOptions, detail: object, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'internal';
    await recordAudit(ctx, ctx.db.db, o.who, {
      action: 'order.refund',
      targetType: 'order',
      targetId: o.orderId,
      detail: { ...detail, result: 'refused', code },
    });
    throw err;
  }
}

export async function refundOrder(ctx: AppContext, o: RefundOptions): Promise<TStaffOrder> {
  const reason = o.reason.trim();
  const detail = {
    reason,
    amount: o.amount ?? null,
    reference: o.reference ?? null,
    idempotency_key: o.idempotencyKey,
  };
  const done = await audited(ctx, o, detail, async () => {
    // 1. Claim.
    const claimed = await ctx.db.db.transaction(async (tx) => {
      const order = await lockForPayment(tx, o.orderId);
      if (!order) throw notFound();
      const [earlier] = await tx
        .select()
        .from(refund)
        .where(and(eq(refund.orderId, order.id), eq(refund.idempotencyKey, o.idempotencyKey)));
      if (earlier) {
        if (earlier.reason !== reason || (o.amount !== undefined && o.amount !== earlier.amountMinor)) {
          throw errorOf(409, ErrorCode.idempotencyKeyReused);
        }
        return { row: earlier, order, replay: true };
      }
      if (!canTransition(order.status, 'refund')) {
        throw errorOf(409, F.orderNotRefundable, { status: order.status });
      }
      const [pending] = await tx
        .select()
        .from(refund)
        .where(and(eq(refund.orderId, order.id), eq(refund.status, 'pending')));
      if (pending) {
        // A refund left pending by a call that never finished (a crash, a restart) is resumed by the next one:
        // its provider call carries the row's own key, so the provider refunds it once.
        if (ctx.clock.now().getTime() - pending.createdAt.getTime() < STALE_PENDING_MS) {
          throw errorOf(409, F.refundInProgress);
        }
        return { row: pending, order, replay: true };
      }
      const target = refundTarget(await paymentsWithRefunds(tx, [order.id]));
      if (!target) throw errorOf(409, F.orderNotRefundable, { status: order.status });
      const currency = target.p.currency === 'CNY' ? 'CNY' : 'USD';
      const amount = o.amount ?? target.left;
      if (amount > target.left) {
        throw errorOf(409, F.refundExceedsPaid, { left: fmtMoney(target.left, currency) });
      }
      if (target.p.provider === 'bank_transfer' && !o.reference) {
        throw errorOf(400, F.refundReferenceRequired);
      }
      providerFor(ctx, target.p.provider); // refuses before anything is written
      const [row] = await tx
        .insert(refund)
        .values({
          orderId: order.id,
          paymentId: target.p.id,
          provider: target.p.provider,
          amountMinor: amount,
          currency,
          reason,
          idempotencyKey: o.idempotencyKey,
          status: 'pending',
          providerRefundId: target.p.provider === 'bank_transfer' ? (o.reference ?? null) : null,
          staffActor: o.who.actor,
          createdAt: ctx.clock.now(),
        })
        .returning();
      return { row: row!, order, replay: false };
    });
    // The same key again answers what the first call answered: done, or the provider's refusal.
    if (claimed.row.status === 'failed') throw errorOf(502, E.paymentProviderFailed);
    if (claimed.row.status !== 'pending') return claimed.order.id;

    // 2. The provider (outside any transaction; its own timeout).
    const [paid] = await ctx.db.db.select().from(payment).where(eq(payment.id, claimed.row.paymentId));
    const provider = providerFor(ctx, claimed.row.provider);
    let result: RefundResult;
    try {
      result =
        provider === 'manual'
          ? { refundId: claimed.row.providerRefundId ?? '', status: 'recorded', raw: null }
          : await provider.refund({
              orderNo: claimed.order.orderNo,
              payment: { eventId: paid!.providerEventId, raw: paid!.raw },
              amountMinor: claimed.row.amountMinor,
              currency: claimed.row.currency === 'CNY' ? 'CNY' : 'USD',
              idempotencyKey: refundIdempotencyKey(claimed.row),
              reason,
              now: ctx.clock.now(),
            });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ctx.logger.warn({ err, refund: claimed.row.id }, 'refund refused by the provider');
      await ctx.db.db
        .update(refund)
        .set({ status: 'failed', failure: err.detail.slice(0, 500), completedAt: ctx.clock.now() })
        .where(and(eq(refund.id, claimed.row.id), eq(refund.status, 'pending')));
      throw errorOf(502, E.paymentProviderFailed);
    }

    // 3. Complete.
    await ctx.db.db.transaction(async (tx) => {
      const order = await lockForPayment(tx, claimed.order.id);
      const now = ctx.clock.now();
      const [row] = await tx
        .update(refund)
        .set({ status: 'succeeded', providerRefundId: result.refundId, completedAt: now })
        .where(and(eq(refund.id, claimed.row.id), eq(refund.status, 'pending')))
        .returning();
      if (!row || !order) return; // a concurrent retry of the same key completed it
      const left = refundTarget(await paymentsWithRefunds(tx, [order.id]));
      const moved = left
        ? null
        : await tryTransition(tx, order.id, 'refund', now, { statusReason: `refunded: ${reason}` });
      const withdrawn = moved ? await withdrawEntitlements(tx, order, now) : 0;
      const amount = fmtMoney(row.amountMinor, row.currency === 'CNY' ? 'CNY' : 'USD');
      if (order.customerId !== null) {
        await notify(
          ctx,
          {
            customerId: order.customerId,
            key: moved ? 'order_refunded' : 'order_partly_refunded',
            params: { order_no: order.orderNo, amount, reason },
          },
          tx,
        );
      }
      await recordAudit(ctx, tx, o.who, {
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status },
        after: { status: moved?.status ?? order.status },
        detail: {
          ...detail,
          refund_id: row.id,
          payment_id: row.paymentId,
          provider: row.provider,
          provider_refund_id: result.refundId,
          provider_status: result.status,
          refunded: amount,
          entitlements_withdrawn: withdrawn,
          result: moved?.status ?? 'partly_refunded',
        },
      });
    });
    return claimed.order.id;
  });
  if (!o.who.audited) {
    // A replay of a finished refund: audited too, as staff called it.
    await recordAudit(ctx, ctx.db.db, o.who, {
      action: 'order.refund',
      targetType: 'order',
      targetId: o.orderId,
      detail: { ...detail, result: 'replay' },
    });
  }
  return staffOrderView(ctx, done, o.locale);
}

/**
 * The order's entitlements end now (decision 0034): `expires_at` moves to this instant (never later than it
 * was) and `withdrawn_at` records why. The workbench then behaves as after an expiry: read-only, its content
 * kept and readable, every write refused.
 */
export async function withdrawEntitlements(tx: Db, order: OrderRow, now: Date): Promise<number> {
  const items = tx.select({ id: orderItem.id }).from(orderItem).where(eq(orderItem.orderId, order.id));
  const rows = await tx
    .update(entitlement)
    .set({
      expiresAt: sql`least(${entitlement.expiresAt}, ${now.toISOString()}::timestamptz)`,
      withdrawnAt: now,
    })
    .where(and(inArray(entitlement.orderItemId, items), isNull(entitlement.withdrawnAt)))
    .returning({ id: entitlement.id });
  // A review or translation of the order that waits or is being worked on ends with it: out of the staff queue,
  // its holder's result refused (409 task_state), the customer's content no longer locked.
  if (rows.length) {
    await tx
      .update(serviceTask)
      .set({ status: TASK_TRANSITIONS.withdraw.to, holderId: null, claimedAt: null, updatedAt: now })
      .where(
        and(
          inArray(
            serviceTask.id,
            rows.map((r) => r.id),
          ),
          inArray(serviceTask.status, [...TASK_TRANSITIONS.withdraw.from]),
        ),
      );
  }
  return rows.length;
}

/** The refunds of some orders, newest first. */
export async function refundsOf(db: Db, orderIds: number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refund)
    .where(inArray(refund.orderId, orderIds))
    .orderBy(desc(refund.createdAt), desc(refund.id));
}
