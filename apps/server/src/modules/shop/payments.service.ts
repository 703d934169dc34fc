import {
  type Currency,
  ShopErrorCode as E,
  type Locale,
  PAYMENT_METHOD_CURRENCY,
  type PaymentMethod,
  type ServiceCode,
  type TOrder,
  type TPayResponse,
} from '@dossier/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  customer,
  orderItem,
  payment,
  paymentEvent,
  product,
  shopOrder,
  staffAudit,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type VerifiedPaymentEvent,
  WebhookRefusedError,
} from '../../providers/payment/index.ts';
import { notify } from '../notification/notification.service.ts';
import { localName } from './catalogue.service.ts';
import {
  canTransition,
  expireDue,
  type OrderRow,
  transitionRefused,
  tryTransition,
} from './order-transitions.ts';
import { hasEarlierPurchase, orderViews, ownOrder } from './orders.service.ts';
import { type Granted, grantEntitlements } from './rights.service.ts';

const shopError = (status: number, code: string) => new AppError(status, code, `errors:${code}`);

/** Where providers and the sandbox send the browser back: the purchase record with this order. */
export const purchaseRecordPath = (orderNo: string) =>
  `/personalCenter/purchaseRecord?order=${encodeURIComponent(orderNo)}`;

const orderLocale = (o: OrderRow): Locale => (o.language === 'en' ? 'en' : 'zh');

/** What the order costs in the currency of a method (USD cents online, CNY fen for wallet and bank). */
const payableIn = (o: OrderRow, currency: Currency) =>
  currency === 'USD' ? o.payableMinor : o.payableCnyMinor;

async function paidIn(db: Db, orderId: number, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${payment.amountMinor}), 0)` })
    .from(payment)
    .where(
      and(eq(payment.orderId, orderId), eq(payment.status, 'succeeded'), eq(payment.currency, currency)),
    );
  return Number(row?.n ?? 0);
}

const PAYABLE_FROM = ['unpaid', 'failed'] as const;

/**
 * POST /api/customer/order/{id}/pay/. Online (USD) and wallet (CNY) open a checkout at the configured
 * provider; bank transfer answers the bank details, the amount in CNY still due and the remittance note
 * (the customer's phone).
 */
export async function payOrder(
  ctx: AppContext,
  opts: { customerId: number; orderId: number; method: PaymentMethod; locale: Locale },
): Promise<TPayResponse> {
  const db = ctx.db.db;
  const order = await ownOrder(ctx, opts.customerId, opts.orderId);
  const now = ctx.clock.now();
  if (order.promoCodeId !== null && (await hasEarlierPurchase(db, opts.customerId, order.id))) {
    throw shopError(409, E.promoFirstPurchaseOnly);
  }
  if (opts.method === 'bank_transfer') {
    if (!['unpaid', 'failed', 'partly_paid', 'processing'].includes(order.status)) throw transitionRefused();
    const [me] = await db
      .select({ phone: customer.phone })
      .from(customer)
      .where(eq(customer.id, opts.customerId));
    const due = Math.max(order.payableCnyMinor - (await paidIn(db, order.id, 'CNY')), 0);
    const [row] = await db
      .update(shopOrder)
      .set({ method: 'bank_transfer', updatedAt: now })
      .where(eq(shopOrder.id, order.id))
      .returning();
    const [view] = await orderViews(db, [row!], opts.locale);
    const b = ctx.config.shop.bank;
    return {
      kind: 'bank_transfer',
      method: 'bank_transfer',
      bank: {
        account_name: b.accountName,
        bank_name: b.bankName,
        account_number: b.accountNumber,
        branch: b.branch,
        swift: b.swift,
      },
      amount_cny: { amount: due, currency: 'CNY' },
      remittance_note: me?.phone ?? '',
      order: view!,
    };
  }
  if (!(PAYABLE_FROM as readonly string[]).includes(order.status)) throw transitionRefused();
  const method = opts.method;
  const provider = ctx.payments.forMethod(method);
  if (!provider.methods.includes(method)) throw shopError(409, E.paymentMethodUnavailable);
  const currency = PAYMENT_METHOD_CURRENCY[method];
  const items = await db
    .select({ nameZh: product.nameZh, nameEn: product.nameEn })
    .from(product)
    .innerJoin(orderItem, eq(orderItem.productId, product.id))
    .where(eq(orderItem.orderId, order.id));
  const base = ctx.config.payment.publicBaseUrl;
  const minExpiry = new Date(now.getTime() + 30 * 60_000);
  let session: { providerRef: string; redirectUrl: string };
  try {
    session = await provider.createCheckout({
      orderNo: order.orderNo,
      amountMinor: payableIn(order, currency),
      currency,
      method,
      description: `${order.orderNo} ${items.map((i) => localName(i, opts.locale)).join(' + ')}`,
      successUrl: `${base}${purchaseRecordPath(order.orderNo)}`,
      cancelUrl: `${base}${purchaseRecordPath(order.orderNo)}&cancelled=1`,
      expiresAt: order.expiresAt && order.expiresAt > minExpiry ? order.expiresAt : minExpiry,
      locale: opts.locale,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      ctx.logger.warn({ provider: err.provider, detail: err.detail, status: err.status }, 'checkout failed');
      throw shopError(502, E.paymentProviderFailed);
    }
    throw err;
  }
  const [updated] = await db
    .update(shopOrder)
    .set({ method, providerRef: session.providerRef, updatedAt: now })
    .where(and(eq(shopOrder.id, order.id), inArray(shopOrder.status, [...PAYABLE_FROM])))
    .returning({ id: shopOrder.id });
  if (!updated) throw transitionRefused();
  return { kind: 'redirect', method, redirect_url: session.redirectUrl };
}

// ── Recording payments (webhooks, sandbox, staff) ───────────────────────────────────────────────────────

interface Recorded {
  outcome: 'recorded' | 'duplicate' | 'ignored';
  reason?: string;
  order: OrderRow;
  granted: Granted | null;
  /** The status the order moved to, or null when it did not move. */
  moved: string | null;
}

async function lockOrder(db: Db, where: SQL): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrder).where(where).for('update');
  return row;
}

/**
 * Inside one transaction: the payment (unique per provider event: a replay records nothing), the status
 * transition, and on paid the entitlements and the plan. A payment whose transition the order refuses
 * (e.g. a second payment of a paid order) is kept, so money that arrived is never lost.
 */
async function recordInTx(
  tx: Db,
  order: OrderRow,
  p: {
    provider: string;
    eventId: string;
    method: PaymentMethod;
    amountMinor: number;
    currency: Currency;
    succeeded: boolean;
    confirmedBy?: string | null;
    raw?: unknown;
  },
  now: Date,
): Promise<Recorded> {
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
  if (!inserted) return { outcome: 'duplicate', order, granted: null, moved: null };
  if (!p.succeeded) {
    const moved = await tryTransition(tx, order.id, 'payment_failed', now, {
      statusReason: `${p.provider}: failed`,
    });
    return moved
      ? { outcome: 'recorded', order: moved, granted: null, moved: moved.status }
      : {
          outcome: 'ignored',
          reason: `failure reported while the order was ${order.status}`,
          order,
          granted: null,
          moved: null,
        };
  }
  const total = await paidIn(tx, order.id, p.currency);
  const full = total >= payableIn(order, p.currency);
  const moved = await tryTransition(
    tx,
    order.id,
    full ? 'payment_recorded_full' : 'payment_recorded_partial',
    now,
    full ? { paidAt: now, method: p.method, statusReason: null } : { method: p.method },
  );
  if (!moved) {
    return {
      outcome: 'recorded',
      reason: `payment kept; the order was already ${order.status} (possible double payment)`,
      order,
      granted: null,
      moved: null,
    };
  }
  const granted = moved.status === 'paid' ? await grantEntitlements(tx, moved, now) : null;
  return { outcome: 'recorded', order: moved, granted, moved: moved.status };
}

const fmtMoney = (amount: number, currency: Currency) =>
  `${currency === 'CNY' ? '¥' : '$'}${(amount / 100).toFixed(2)}`;

/** Tells the customer what happened to their order (after the transaction committed). */
async function notifyOutcome(ctx: AppContext, r: Recorded): Promise<void> {
  const o = r.order;
  if (r.moved === 'paid') {
    const locale = orderLocale(o);
    const services = r.granted?.services ?? [];
    const names = await ctx.db.db
      .select({ service: product.service, nameZh: product.nameZh, nameEn: product.nameEn })
      .from(product)
      .where(eq(product.projectId, o.projectId));
    const label = services
      .map((s: ServiceCode) => names.find((n) => n.service === s))
      .filter((n) => n !== undefined)
      .map((n) => localName(n, locale))
      .join(locale === 'en' ? ', ' : '、');
    await notify(ctx, {
      customerId: o.customerId,
      key: 'order_paid',
      params: {
        order_no: o.orderNo,
        services: label,
        until: (r.granted?.until ?? ctx.clock.now()).toISOString().slice(0, 10),
      },
    });
  } else if (r.moved === 'partly_paid') {
    const received = await paidIn(ctx.db.db, o.id, 'CNY');
    await notify(ctx, {
      customerId: o.customerId,
      key: 'order_partly_paid',
      params: {
        order_no: o.orderNo,
        received: fmtMoney(received, 'CNY'),
        remaining: fmtMoney(Math.max(o.payableCnyMinor - received, 0), 'CNY'),
      },
    });
  }
}

async function logEvent(
  ctx: AppContext,
  e: {
    provider: string;
    eventId?: string | null;
    orderNo?: string | null;
    outcome: string;
    reason?: string | null;
    payload: string;
  },
): Promise<void> {
  await ctx.db.db.insert(paymentEvent).values({
    provider: e.provider,
    eventId: e.eventId ?? null,
    orderNo: e.orderNo ?? null,
    outcome: e.outcome,
    reason: e.reason ?? null,
    payload: e.payload.slice(0, 64 * 1024),
    createdAt: ctx.clock.now(),
  });
}

/**
 * One webhook delivery, raw: verified by its provider, checked against the order (amount and currency of
 * the method the currency belongs to), recorded idempotently. Every delivery is logged in payment_event;
 * a refused one answers 400 webhook_refused.
 */
export async function handleWebhook(
  ctx: AppContext,
  opts: {
    provider: PaymentProvider;
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  },
): Promise<{ outcome: Recorded['outcome']; order: OrderRow | null }> {
  const { provider } = opts;
  const payload = opts.rawBody.toString('utf8');
  const now = ctx.clock.now();
  const refuse = async (reason: string, ev?: VerifiedPaymentEvent): Promise<never> => {
    await logEvent(ctx, {
      provider: provider.id,
      eventId: ev?.eventId,
      orderNo: ev?.orderNo,
      outcome: 'refused',
      reason,
      payload,
    });
    ctx.logger.warn(
      { provider: provider.id, eventId: ev?.eventId, orderNo: ev?.orderNo, reason },
      'webhook refused',
    );
    throw shopError(400, E.webhookRefused);
  };
  let ev: VerifiedPaymentEvent | null;
  try {
    ev = provider.verifyWebhook({ headers: opts.headers, rawBody: opts.rawBody, now });
  } catch (err) {
    if (err instanceof WebhookRefusedError) return refuse(err.reason);
    throw err;
  }
  if (!ev) {
    await logEvent(ctx, {
      provider: provider.id,
      outcome: 'ignored',
      reason: 'not a payment outcome',
      payload,
    });
    return { outcome: 'ignored', order: null };
  }
  const event = ev;
  const [found] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.orderNo, event.orderNo));
  if (!found) return refuse('unknown order', event);
  const method: PaymentMethod = event.currency === 'USD' ? 'online' : 'wallet';
  if (event.outcome === 'succeeded') {
    if (!(provider.methods as readonly string[]).includes(method)) {
      return refuse(`currency ${event.currency} is not paid through ${provider.id}`, event);
    }
    const expected = payableIn(found, event.currency);
    if (event.amountMinor !== expected) {
      return refuse(
        `amount ${event.amountMinor} ${event.currency} differs from the order's ${expected}`,
        event,
      );
    }
  }
  const r = await ctx.db.db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(shopOrder.id, found.id));
    return recordInTx(
      tx,
      order!,
      {
        provider: provider.id,
        eventId: event.eventId,
        method,
        amountMinor: event.amountMinor,
        currency: event.currency,
        succeeded: event.outcome === 'succeeded',
        raw: event.raw,
      },
      now,
    );
  });
  await logEvent(ctx, {
    provider: provider.id,
    eventId: event.eventId,
    orderNo: event.orderNo,
    outcome: r.outcome,
    reason: r.reason,
    payload,
  });
  if (r.reason)
    ctx.logger.warn({ provider: provider.id, eventId: event.eventId, reason: r.reason }, 'webhook note');
  await notifyOutcome(ctx, r);
  return { outcome: r.outcome, order: r.order };
}

// ── Sandbox (the embedded default: a clearly marked TEST checkout) ─────────────────────────────────────

async function sandboxOrder(
  ctx: AppContext,
  token: string,
): Promise<{ order: OrderRow; method: 'online' | 'wallet' }> {
  if (!ctx.payments.sandboxEnabled || !token.startsWith('sbx_')) throw notFound();
  const [order] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.providerRef, token));
  const method = order?.method;
  if (!order || (method !== 'online' && method !== 'wallet')) throw notFound();
  if (ctx.payments.forMethod(method).id !== 'sandbox') throw notFound();
  return { order, method };
}

export async function sandboxSession(ctx: AppContext, token: string) {
  const { order, method } = await sandboxOrder(ctx, token);
  const currency = PAYMENT_METHOD_CURRENCY[method];
  const status: 'open' | 'completed' | 'failed' =
    order.status === 'paid' ? 'completed' : order.status === 'unpaid' ? 'open' : 'failed';
  return {
    token,
    order_no: order.orderNo,
    method,
    amount: { amount: payableIn(order, currency), currency },
    status,
  };
}

/** The TEST page's Pay / Fail buttons: a signed event through the same path as a provider's webhook. */
export async function sandboxComplete(ctx: AppContext, token: string, outcome: 'paid' | 'failed') {
  const { order, method } = await sandboxOrder(ctx, token);
  await expireDue(ctx.db.db, ctx.clock.now(), order.customerId);
  const [fresh] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
  if (!fresh || !['unpaid', 'failed', 'paid'].includes(fresh.status)) throw transitionRefused();
  const currency = PAYMENT_METHOD_CURRENCY[method];
  const signed = ctx.payments.sandbox.signEvent({
    eventId: `${token}:${outcome}`,
    orderNo: fresh.orderNo,
    providerRef: token,
    outcome: outcome === 'paid' ? 'succeeded' : 'failed',
    amountMinor: payableIn(fresh, currency),
    currency,
    now: ctx.clock.now(),
  });
  const r = await handleWebhook(ctx, {
    provider: ctx.payments.sandbox,
    headers: signed.headers,
    rawBody: signed.rawBody,
  });
  const [after] = await ctx.db.db
    .select({ status: shopOrder.status })
    .from(shopOrder)
    .where(eq(shopOrder.id, order.id));
  return {
    redirect_url: purchaseRecordPath(fresh.orderNo),
    order_status: after?.status ?? r.order?.status ?? fresh.status,
  };
}

// ── Staff (the staff console screen comes with its issue) ─────────────────────────────────────────────────

export interface StaffActor {
  actor: string;
  ip?: string | null;
}

async function audit(
  ctx: AppContext,
  db: Db,
  who: StaffActor,
  action: string,
  orderId: number,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(staffAudit).values({
    actor: who.actor,
    action,
    targetType: 'order',
    targetId: String(orderId),
    detail,
    ip: who.ip ?? null,
    createdAt: ctx.clock.now(),
  });
}

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
    await audit(ctx, ctx.db.db, who, action, orderId, { ...detail, result: 'refused', code });
    throw err;
  }
}

/**
 * Staff confirm that a bank transfer arrived. The received amount (CNY fen) defaults to what is still due;
 * all of it → paid (+ entitlements, plan, notification), less → partly paid. The payment is keyed
 * confirm:<order id>:<n> and the order row is locked, so two simultaneous confirmations record one payment.
 */
export async function confirmTransfer(
  ctx: AppContext,
  opts: { orderId: number; receivedCny?: number | undefined; note?: string | undefined } & StaffActor,
): Promise<TOrder> {
  const detail = { received_cny: opts.receivedCny ?? null, note: opts.note ?? null };
  const r = await staffAction(ctx, opts, 'order.confirm_transfer', opts.orderId, detail, () =>
    ctx.db.db.transaction(async (tx) => {
      const order = await lockOrder(tx, eq(shopOrder.id, opts.orderId));
      if (!order) throw notFound();
      if (!canTransition(order.status, 'payment_recorded_full')) throw transitionRefused();
      const due = order.payableCnyMinor - (await paidIn(tx, order.id, 'CNY'));
      const received = opts.receivedCny ?? Math.max(due, 0);
      if (received <= 0) throw transitionRefused();
      const [n] = await tx
        .select({ n: count() })
        .from(payment)
        .where(and(eq(payment.orderId, order.id), eq(payment.provider, 'bank_transfer')));
      const rec = await recordInTx(
        tx,
        order,
        {
          provider: 'bank_transfer',
          eventId: `confirm:${order.id}:${(n?.n ?? 0) + 1}`,
          method: 'bank_transfer',
          amountMinor: received,
          currency: 'CNY',
          succeeded: true,
          confirmedBy: opts.actor,
          raw: detail,
        },
        ctx.clock.now(),
      );
      if (rec.outcome === 'duplicate' || !rec.moved) throw transitionRefused();
      await audit(ctx, tx, opts, 'order.confirm_transfer', order.id, {
        ...detail,
        received_cny: received,
        result: rec.moved,
      });
      return rec;
    }),
  );
  await notifyOutcome(ctx, r);
  const [view] = await orderViews(ctx.db.db, [r.order], orderLocale(r.order));
  return view!;
}

/** Staff found no (or a wrong) remittance: awaiting confirmation → payment failed, customer notified. */
export async function rejectTransfer(
  ctx: AppContext,
  opts: { orderId: number; reason: string } & StaffActor,
): Promise<TOrder> {
  const reason = opts.reason.trim();
  const row = await staffAction(ctx, opts, 'order.reject_transfer', opts.orderId, { reason }, () =>
    ctx.db.db.transaction(async (tx) => {
      const order = await lockOrder(tx, eq(shopOrder.id, opts.orderId));
      if (!order) throw notFound();
      const moved = await tryTransition(tx, order.id, 'transfer_rejected', ctx.clock.now(), {
        statusReason: `rejected: ${reason}`,
      });
      if (!moved) throw transitionRefused();
      await audit(ctx, tx, opts, 'order.reject_transfer', order.id, { reason, result: moved.status });
      return moved;
    }),
  );
  await notify(ctx, {
    customerId: row.customerId,
    key: 'transfer_rejected',
    params: { order_no: row.orderNo, reason },
  });
  const [view] = await orderViews(ctx.db.db, [row], orderLocale(row));
  return view!;
}
