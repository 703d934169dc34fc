import { ShopErrorCode as E, ErrorCode, type TOrder } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payment } from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';
import { notify } from '../notification/notification.service.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';
import { canTransition, type OrderRow, transitionRefused, tryTransition } from './order-transitions.ts';
import { orderViews } from './orders.service.ts';
import {
  fmtMoney,
  lockForPayment,
  notifyOutcome,
  orderLocale,
  type Recorded,
  receivedIn,
  recordInTx,
} from './record-payment.ts';

/** Staff confirm or reject bank transfers (finance role; audited with the order's status before and after). */

export type { StaffActor };

/** Runs a staff action; a refusal is audited too (with its code) before it is answered. */
async function staffAction<T>(
  ctx: AppContext,
  who: StaffActor,
  action: string,
  orderId: number,
  detail: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'internal';
    await recordAudit(ctx, ctx.db.db, who, {
      action,
      targetType: 'order',
      targetId: orderId,
      detail: { ...detail, result: 'refused', code },
    });
    throw err;
  }
}

/** The payment a confirmation records: one per order and Idempotency-Key. */
export const confirmEventId = (orderId: number, key: string) => `confirm:${orderId}:${key}`;

/**
 * Staff confirm that a bank transfer arrived. The received amount (CNY fen) defaults to what is still due;
 * all of it → paid (+ entitlements, plan, notification), less → partly paid, more → 409
 * transfer_exceeds_due. Under the customer's and the order's locks: the same Idempotency-Key again answers
 * the order as it is and records nothing (another amount with it: 409 idempotency_key_reused), and what
 * is still due is read after any racing confirmation committed.
 */
export async function confirmTransfer(
  ctx: AppContext,
  opts: {
    orderId: number;
    idempotencyKey: string;
    receivedCny?: number | undefined;
    note?: string | undefined;
    who: StaffActor;
  },
): Promise<TOrder> {
  const detail = {
    received_cny: opts.receivedCny ?? null,
    note: opts.note ?? null,
    idempotency_key: opts.idempotencyKey,
  };
  const eventId = confirmEventId(opts.orderId, opts.idempotencyKey);
  const r = await staffAction(ctx, opts.who, 'order.confirm_transfer', opts.orderId, detail, () =>
    ctx.db.db.transaction(async (tx): Promise<Recorded | { replayOf: OrderRow }> => {
      const order = await lockForPayment(tx, opts.orderId);
      if (!order) throw notFound();
      const [earlier] = await tx
        .select({ raw: payment.raw })
        .from(payment)
        .where(and(eq(payment.provider, 'bank_transfer'), eq(payment.providerEventId, eventId)));
      if (earlier) {
        const asked = (earlier.raw as { received_cny?: number | null } | null)?.received_cny ?? null;
        if (asked !== detail.received_cny) throw errorOf(409, ErrorCode.idempotencyKeyReused);
        return { replayOf: order };
      }
      if (!canTransition(order.status, 'payment_recorded_full')) throw transitionRefused();
      const due = order.payableCnyMinor - (await receivedIn(tx, order, 'CNY'));
      const received = opts.receivedCny ?? Math.max(due, 0);
      if (received <= 0) throw transitionRefused();
      if (received > due) {
        throw errorOf(409, E.transferExceedsDue, { due: fmtMoney(Math.max(due, 0), 'CNY') });
      }
      const rec = await recordInTx(
        tx,
        order,
        {
          provider: 'bank_transfer',
          eventId,
          method: 'bank_transfer',
          amountMinor: received,
          currency: 'CNY',
          succeeded: true,
          confirmedBy: opts.who.actor,
          raw: detail,
        },
        ctx.clock.now(),
      );
      if (rec.outcome === 'duplicate') return { replayOf: order };
      if (!rec.moved) throw transitionRefused();
      await recordAudit(ctx, tx, opts.who, {
        action: 'order.confirm_transfer',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status },
        after: { status: rec.moved },
        detail: { ...detail, received_cny: received, result: rec.moved },
      });
      await notifyOutcome(ctx, rec, tx);
      return rec;
    }),
  );
  const order = 'replayOf' in r ? r.replayOf : r.order;
  const [view] = await orderViews(ctx.db.db, [order], orderLocale(order));
  return view!;
}

/**
 * Staff found no (or a wrong) remittance: awaiting confirmation → payment failed, customer notified, in one
 * transaction with the audit row.
 */
export async function rejectTransfer(
  ctx: AppContext,
  opts: { orderId: number; reason: string; who: StaffActor },
): Promise<TOrder> {
  const reason = opts.reason.trim();
  const row = await staffAction(ctx, opts.who, 'order.reject_transfer', opts.orderId, { reason }, () =>
    ctx.db.db.transaction(async (tx) => {
      const order = await lockForPayment(tx, opts.orderId);
      if (!order) throw notFound();
      const moved = await tryTransition(tx, order.id, 'transfer_rejected', ctx.clock.now(), {
        statusReason: `rejected: ${reason}`,
      });
      if (!moved) throw transitionRefused();
      await recordAudit(ctx, tx, opts.who, {
        action: 'order.reject_transfer',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status },
        after: { status: moved.status },
        detail: { reason, result: moved.status },
      });
      if (moved.customerId !== null) {
        await notify(
          ctx,
          {
            customerId: moved.customerId,
            key: 'transfer_rejected',
            params: { order_no: moved.orderNo, reason },
          },
          tx,
        );
      }
      return moved;
    }),
  );
  const [view] = await orderViews(ctx.db.db, [row], orderLocale(row));
  return view!;
}
