import type { OrderStatus } from '@dossier/contract';
import { ShopErrorCode } from '@dossier/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopOrder } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * The one order state machine (spec §4 Order status). Every status change goes through applyTransition,
 * a conditional UPDATE … WHERE status IN (from) RETURNING, so two concurrent requests cannot both move an
 * order out of the same state.
 */
export const ORDER_EVENTS = [
  'transfer_marked',
  'payment_recorded_full',
  'payment_recorded_partial',
  'payment_failed',
  'cancel',
  'expire',
  'transfer_rejected',
  'refund',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_TRANSITIONS: Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  /** The customer pressed "payment-transfer-completed" (also to report the rest of a partial transfer). */
  transfer_marked: { from: ['unpaid', 'failed', 'partly_paid'], to: 'processing' },
  /**
   * Money that really arrived is never dropped: a payment recorded on a cancelled (e.g. expired) order
   * still completes it.
   */
  payment_recorded_full: { from: ['unpaid', 'processing', 'partly_paid', 'failed', 'cancelled'], to: 'paid' },
  payment_recorded_partial: {
    from: ['unpaid', 'processing', 'partly_paid', 'failed', 'cancelled'],
    to: 'partly_paid',
  },
  /** A provider reported a failed payment attempt; the customer may pay again or cancel. */
  payment_failed: { from: ['unpaid'], to: 'failed' },
  cancel: { from: ['unpaid', 'failed'], to: 'cancelled' },
  expire: { from: ['unpaid'], to: 'cancelled' },
  /** Staff found no (or a wrong) remittance. */
  transfer_rejected: { from: ['processing'], to: 'failed' },
  /**
   * Staff refunded every payment the order received (decision 0034: modules/shop/refund.service.ts); the
   * entitlements are withdrawn in the same transaction.
   */
  refund: { from: ['paid', 'partly_paid'], to: 'refunded' },
};

/**
 * Named sets of statuses the services ask about (one place, next to the table they follow from).
 */
/** A checkout (online, wallet) can be opened: not yet paid, not awaiting a transfer's confirmation. */
export const CHECKOUT_FROM = ['unpaid', 'failed'] as const satisfies readonly OrderStatus[];
/** The bank details can be shown: before paying, after a part, or while a transfer awaits staff. */
export const BANK_TRANSFER_FROM = [
  'unpaid',
  'failed',
  'partly_paid',
  'processing',
] as const satisfies readonly OrderStatus[];
/** The sandbox TEST page can still be pressed (paid: a second press is a second payment, kept). */
export const SANDBOX_COMPLETABLE = ['unpaid', 'failed', 'paid'] as const satisfies readonly OrderStatus[];
/** Orders that block a new order of the same products (createOrder answers or refuses them). */
export const PENDING_STATUSES = ['unpaid', 'processing'] as const satisfies readonly OrderStatus[];
/** An order counting as a purchase for "first purchase only" codes at quote, creation and checkout. */
export const PURCHASE_STATUSES = [
  'paid',
  'partly_paid',
  'processing',
] as const satisfies readonly OrderStatus[];
/** Money was received: what decides, when a payment is recorded, which order was the first purchase. */
export const MONEY_RECEIVED_STATUSES = ['paid', 'partly_paid'] as const satisfies readonly OrderStatus[];

export function canTransition(from: string, event: OrderEvent): boolean {
  return (ORDER_TRANSITIONS[event].from as readonly string[]).includes(from);
}

export type OrderRow = typeof shopOrder.$inferSelect;

export const transitionRefused = () =>
  new AppError(409, ShopErrorCode.transitionRefused, `errors:${ShopErrorCode.transitionRefused}`);

/**
 * Moves the order if its current status allows `event`; otherwise returns null (the caller decides
 * whether that is a 409). `set` carries the columns that change with the status (paid_at, reason, …).
 */
export async function tryTransition(
  db: Db,
  orderId: number,
  event: OrderEvent,
  now: Date,
  set: Partial<Omit<OrderRow, 'id' | 'status'>> = {},
): Promise<OrderRow | null> {
  const t = ORDER_TRANSITIONS[event];
  const [row] = await db
    .update(shopOrder)
    .set({ ...set, status: t.to, updatedAt: now })
    .where(and(eq(shopOrder.id, orderId), inArray(shopOrder.status, [...t.from])))
    .returning();
  return row ?? null;
}

/** tryTransition, refusing with 409 order_transition_refused. */
export async function applyTransition(
  db: Db,
  orderId: number,
  event: OrderEvent,
  now: Date,
  set: Partial<Omit<OrderRow, 'id' | 'status'>> = {},
): Promise<OrderRow> {
  const row = await tryTransition(db, orderId, event, now, set);
  if (!row) throw transitionRefused();
  return row;
}

/**
 * Serialises a customer's order creation and payment recording (a transaction-scoped advisory lock).
 * Taken before any order row lock, in every transaction that takes both, so they cannot deadlock.
 */
export async function lockCustomerOrders(db: Db, customerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop:customer:${customerId}`}))`);
}

/**
 * The `cancel` transition for the open orders of an account being erased (in the purge's transaction,
 * holding lockCustomerOrders): nothing of it stays payable. Paid, partly paid and awaiting-confirmation
 * orders keep their status; a payment that still arrives is recorded and flagged for staff.
 */
export async function cancelForErasure(db: Db, customerId: number, now: Date): Promise<number> {
  const t = ORDER_TRANSITIONS.cancel;
  const rows = await db
    .update(shopOrder)
    .set({ status: t.to, cancelledAt: now, statusReason: 'account_erased', updatedAt: now })
    .where(and(eq(shopOrder.customerId, customerId), inArray(shopOrder.status, [...t.from])))
    .returning({ id: shopOrder.id });
  return rows.length;
}

/**
 * The `expire` transition for every unpaid order past its expiry (one customer's, or all): run by the
 * job and before any read or action on orders, so an expired order never looks payable.
 */
export async function expireDue(db: Db, now: Date, customerId?: number): Promise<number> {
  const t = ORDER_TRANSITIONS.expire;
  const rows = await db
    .update(shopOrder)
    .set({ status: t.to, cancelledAt: now, statusReason: 'expired', updatedAt: now })
    .where(
      and(
        inArray(shopOrder.status, [...t.from]),
        lte(shopOrder.expiresAt, now),
        ...(customerId !== undefined ? [eq(shopOrder.customerId, customerId)] : []),
      ),
    )
    .returning({ id: shopOrder.id });
  return rows.length;
}
