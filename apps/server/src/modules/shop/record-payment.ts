import type { Currency, Locale, PaymentMethod, ServiceCode } from '@dossier/contract';
import { knownTimeZone, localDate } from '@dossier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customer, payment, product, shopOrder } from '../../db/schema/index.ts';
import { notify } from '../notification/notification.service.ts';
import { localName } from './catalogue.service.ts';
import {
  lockCustomerOrders,
  MONEY_RECEIVED_STATUSES,
  type OrderRow,
  tryTransition,
} from './order-transitions.ts';
import { hasEarlierPurchase } from './orders.service.ts';
import { raiseFlag } from './payment-flags.service.ts';
import { type Granted, grantEntitlements } from './rights.service.ts';

/**
 * Recording a payment, whoever reports it (webhook, sandbox, staff): the payment row, the status
 * transition, the entitlements, the flags staff must see and the customer's notification, all in the
 * caller's transaction (issue 10 item 20: a payment is never recorded without its notification).
 */

export const orderLocale = (o: OrderRow): Locale => (o.language === 'en' ? 'en' : 'zh');

/** What the order costs in a currency (USD cents online, CNY fen for wallet and bank). */
export const payableIn = (o: OrderRow, currency: Currency) =>
  currency === 'USD' ? o.payableMinor : o.payableCnyMinor;

export const fmtMoney = (amount: number, currency: Currency) =>
  `${currency === 'CNY' ? '¥' : '$'}${(amount / 100).toFixed(2)}`;

/**
 * What the order has received, in `currency`: its succeeded payments in that currency, plus those in the
 * other currency at the order's own ratio of the two payables (60 % paid in CNY is 60 % of the USD price),
 * rounded half up. It decides full or partial, the amount still due and any excess.
 */
export async function receivedIn(db: Db, o: OrderRow, currency: Currency): Promise<number> {
  const rows = await db
    .select({ currency: payment.currency, n: sql<string>`coalesce(sum(${payment.amountMinor}), 0)` })
    .from(payment)
    .where(and(eq(payment.orderId, o.id), eq(payment.status, 'succeeded')))
    .groupBy(payment.currency);
  const target = BigInt(payableIn(o, currency));
  let total = 0n;
  for (const r of rows) {
    const n = BigInt(r.n);
    if (r.currency === currency) {
      total += n;
      continue;
    }
    const other = BigInt(payableIn(o, r.currency as Currency));
    if (other > 0n) total += (n * target * 2n + other) / (other * 2n);
  }
  return Number(total);
}

/**
 * The locks of a payment's transaction: the customer's order lock (so "first purchase" is decided one
 * payment at a time), then the order row. Every transaction taking both takes them in this order.
 */
export async function lockForPayment(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const [peek] = await tx
    .select({ customerId: shopOrder.customerId })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  if (!peek) return undefined;
  if (peek.customerId !== null) await lockCustomerOrders(tx, peek.customerId);
  const [row] = await tx.select().from(shopOrder).where(eq(shopOrder.id, orderId)).for('update');
  return row;
}

export interface PaymentInput {
  provider: string;
  eventId: string;
  method: PaymentMethod;
  amountMinor: number;
  currency: Currency;
  succeeded: boolean;
  confirmedBy?: string | null;
  raw?: unknown;
}

export interface Recorded {
  outcome: 'recorded' | 'duplicate' | 'ignored';
  reason?: string;
  order: OrderRow;
  granted: Granted | null;
  /** The status the order moved to, or null when it did not move. */
  moved: string | null;
  /** Money beyond what the order costs, in `currency` (0: none). */
  excess: number;
  currency: Currency;
}

/** A failed attempt closes the stored checkout: the next `pay` opens a new one. */
const CHECKOUT_CLOSED = { checkoutUrl: null, checkoutExpiresAt: null, checkoutProvider: null };

/**
 * Inside one transaction holding lockForPayment: the payment (unique per provider event: a replay records
 * nothing), the status transition, and on paid the entitlements and the plan. Money that arrived is never
 * refused here; what staff must look at is flagged instead: money beyond the price (overpayment), a
 * first-purchase code whose order was not the customer's first to receive money (promo_conflict, checked
 * now and not only when the checkout opened), an order whose account was erased (customer_erased).
 */
export async function recordInTx(tx: Db, order: OrderRow, p: PaymentInput, now: Date): Promise<Recorded> {
  const before = p.succeeded ? await receivedIn(tx, order, p.currency) : 0;
  const [inserted] = await tx
    .insert(payment)
    .values({
      orderId: order.id,
      provider: p.provider,
      providerEventId: p.eventId,
      method: p.method,
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: p.succeeded ? 'succeeded' : 'failed',
      confirmedBy: p.confirmedBy ?? null,
      raw: (p.raw ?? null) as object | null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [payment.provider, payment.providerEventId] })
    .returning({ id: payment.id });
  const base = { order, granted: null, moved: null, excess: 0, currency: p.currency };
  if (!inserted) return { ...base, outcome: 'duplicate' };
  if (!p.succeeded) {
    const moved = await tryTransition(tx, order.id, 'payment_failed', now, {
      statusReason: `${p.provider}: failed`,
      ...CHECKOUT_CLOSED,
    });
    return moved
      ? { ...base, outcome: 'recorded', order: moved, moved: moved.status }
      : { ...base, outcome: 'ignored', reason: `failure reported while the order was ${order.status}` };
  }
  const payable = payableIn(order, p.currency);
  const total = before + p.amountMinor;
  const full = total >= payable;
  const moved = await tryTransition(
    tx,
    order.id,
    full ? 'payment_recorded_full' : 'payment_recorded_partial',
    now,
    full ? { paidAt: now, method: p.method, statusReason: null } : { method: p.method },
  );
  // Only a paid order refuses a payment's transition: then all of that payment is beyond the price.
  const excess = moved ? Math.max(Math.min(p.amountMinor, total - payable), 0) : p.amountMinor;
  const flag = (kind: 'overpayment' | 'promo_conflict' | 'customer_erased', amount: number, c: Currency) =>
    raiseFlag(tx, { kind, orderId: order.id, paymentId: inserted.id, amountMinor: amount, currency: c }, now);
  if (excess > 0) await flag('overpayment', excess, p.currency);
  if (order.customerId === null) {
    await flag('customer_erased', p.amountMinor, p.currency);
  } else if (
    order.promoCodeId !== null &&
    before === 0 &&
    (await hasEarlierPurchase(tx, order.customerId, order.id, MONEY_RECEIVED_STATUSES))
  ) {
    await flag('promo_conflict', order.discountMinor, 'USD');
  }
  const granted = moved?.status === 'paid' ? await grantEntitlements(tx, moved, now) : null;
  return {
    ...base,
    outcome: 'recorded',
    order: moved ?? order,
    granted,
    moved: moved?.status ?? null,
    excess,
    ...(moved ? {} : { reason: `payment kept; the order was already ${order.status} (flagged overpayment)` }),
  };
}

/** Tells the customer what happened to their order, in the transaction that recorded the payment. */
export async function notifyOutcome(ctx: AppContext, r: Recorded, tx: Db): Promise<void> {
  const o = r.order;
  const customerId = o.customerId;
  if (customerId === null) return; // the account was erased: nobody to tell (staff see the flag)
  const locale = orderLocale(o);
  if (r.moved === 'paid') {
    const services = r.granted?.services ?? [];
    const names = await tx
      .select({ service: product.service, nameZh: product.nameZh, nameEn: product.nameEn })
      .from(product)
      .where(eq(product.projectId, o.projectId));
    const label = services
      .map((s: ServiceCode) => names.find((n) => n.service === s))
      .filter((n) => n !== undefined)
      .map((n) => localName(n, locale))
      .join(locale === 'en' ? ', ' : '、');
    // "Valid until" is the customer's day (profile zone, decision 0061), read in the recording transaction.
    const [who] = await tx
      .select({ timezone: customer.timezone })
      .from(customer)
      .where(eq(customer.id, customerId));
    await notify(
      ctx,
      {
        customerId,
        key: 'order_paid',
        params: {
          order_no: o.orderNo,
          services: label,
          until: localDate(r.granted?.until ?? ctx.clock.now(), knownTimeZone(who?.timezone)),
        },
      },
      tx,
    );
  } else if (r.moved === 'partly_paid') {
    const received = await receivedIn(tx, o, 'CNY');
    await notify(
      ctx,
      {
        customerId,
        key: 'order_partly_paid',
        params: {
          order_no: o.orderNo,
          received: fmtMoney(received, 'CNY'),
          remaining: fmtMoney(Math.max(o.payableCnyMinor - received, 0), 'CNY'),
        },
      },
      tx,
    );
  }
  if (r.excess > 0) {
    await notify(
      ctx,
      {
        customerId,
        key: 'order_overpaid',
        params: { order_no: o.orderNo, amount: fmtMoney(r.excess, r.currency) },
      },
      tx,
    );
  }
}
