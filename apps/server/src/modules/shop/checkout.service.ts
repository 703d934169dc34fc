import { setTimeout as sleep } from 'node:timers/promises';
import {
  ShopErrorCode as E,
  type Locale,
  PAYMENT_METHOD_CURRENCY,
  type PaymentMethod,
  type TPayResponse,
} from '@dossier/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customer, orderItem, product, shopOrder } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import { type PaymentProvider, PaymentProviderError } from '../../providers/payment/index.ts';
import { localName } from './catalogue.service.ts';
import { BANK_TRANSFER_FROM, CHECKOUT_FROM, type OrderRow, transitionRefused } from './order-transitions.ts';
import { hasEarlierPurchase, orderViews, ownOrder } from './orders.service.ts';
import { payableIn, receivedIn } from './record-payment.ts';

/** Where providers and the sandbox send the browser back: the purchase record with this order. */
export const purchaseRecordPath = (orderNo: string) =>
  `/personalCenter/purchaseRecord?order=${encodeURIComponent(orderNo)}`;

/** A stored checkout this close to its expiry is not handed out again (the customer needs time to pay). */
const CHECKOUT_REUSE_MARGIN_MS = 10 * 60_000;
/** How long one request may hold the right to open a checkout: longer than a provider call (Stripe 15 s). */
const CHECKOUT_CLAIM_MS = 30_000;
const CHECKOUT_POLL_MS = 25;

/**
 * POST /api/customer/order/{id}/pay/. Online (USD) and wallet (CNY) answer the order's open checkout at the
 * configured provider (opening one when there is none); bank transfer answers the bank details, the
 * amount in CNY still due and the remittance note (the customer's phone).
 */
export async function payOrder(
  ctx: AppContext,
  opts: { customerId: number; orderId: number; method: PaymentMethod; locale: Locale },
): Promise<TPayResponse> {
  const order = await ownOrder(ctx, opts.customerId, opts.orderId);
  if (order.promoCodeId !== null && (await hasEarlierPurchase(ctx.db.db, opts.customerId, order.id))) {
    throw errorOf(409, E.promoFirstPurchaseOnly);
  }
  if (opts.method === 'bank_transfer') return bankTransfer(ctx, order, opts);
  return checkout(ctx, order, { method: opts.method, locale: opts.locale });
}

async function bankTransfer(
  ctx: AppContext,
  order: OrderRow,
  opts: { customerId: number; locale: Locale },
): Promise<TPayResponse> {
  const db = ctx.db.db;
  if (!(BANK_TRANSFER_FROM as readonly string[]).includes(order.status)) throw transitionRefused();
  const [me] = await db
    .select({ phone: customer.phone })
    .from(customer)
    .where(eq(customer.id, opts.customerId));
  const due = Math.max(order.payableCnyMinor - (await receivedIn(db, order, 'CNY')), 0);
  const [row] = await db
    .update(shopOrder)
    .set({ method: 'bank_transfer', updatedAt: ctx.clock.now() })
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

/** The stored checkout can be handed out again: same method and provider, not about to expire. */
const reusable = (o: OrderRow, provider: PaymentProvider, method: string, now: Date) =>
  o.method === method &&
  o.checkoutProvider === provider.id &&
  o.checkoutUrl !== null &&
  o.checkoutExpiresAt !== null &&
  o.checkoutExpiresAt.getTime() > now.getTime() + CHECKOUT_REUSE_MARGIN_MS;

/** `reusable` as SQL (coalesce: a null column makes it false, never unknown). */
const reusableWhere = (provider: PaymentProvider, method: string, now: Date) =>
  sql`coalesce(${and(
    eq(shopOrder.method, method),
    eq(shopOrder.checkoutProvider, provider.id),
    isNotNull(shopOrder.checkoutUrl),
    gt(shopOrder.checkoutExpiresAt, new Date(now.getTime() + CHECKOUT_REUSE_MARGIN_MS)),
  )}, false)`;

/**
 * One open checkout per order and method, however many `pay` calls race: a conditional UPDATE claims the
 * right to open one (no lock is held during the provider's HTTP call, which on PGlite would stall every
 * other query); the others wait for the claim holder to store its checkout and answer that one.
 */
async function checkout(
  ctx: AppContext,
  order: OrderRow,
  opts: { method: 'online' | 'wallet'; locale: Locale },
): Promise<TPayResponse> {
  const db = ctx.db.db;
  if (!(CHECKOUT_FROM as readonly string[]).includes(order.status)) throw transitionRefused();
  const provider = ctx.payments.forMethod(opts.method);
  if (!provider.methods.includes(opts.method)) throw errorOf(409, E.paymentMethodUnavailable);
  const redirect = (url: string): TPayResponse => ({
    kind: 'redirect',
    method: opts.method,
    redirect_url: url,
  });
  const giveUpAt = Date.now() + CHECKOUT_CLAIM_MS;
  for (;;) {
    const now = ctx.clock.now();
    const [current] = await db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    if (!current || !(CHECKOUT_FROM as readonly string[]).includes(current.status)) throw transitionRefused();
    if (reusable(current, provider, opts.method, now)) return redirect(current.checkoutUrl!);
    // Claimed only while nobody holds a live claim and no usable checkout was stored since the read above.
    const [claimed] = await db
      .update(shopOrder)
      .set({ checkoutClaimedAt: now })
      .where(
        and(
          eq(shopOrder.id, order.id),
          inArray(shopOrder.status, [...CHECKOUT_FROM]),
          or(
            isNull(shopOrder.checkoutClaimedAt),
            lte(shopOrder.checkoutClaimedAt, new Date(now.getTime() - CHECKOUT_CLAIM_MS)),
          ),
          not(reusableWhere(provider, opts.method, now)),
        ),
      )
      .returning();
    if (claimed) return redirect(await openCheckout(ctx, claimed, provider, opts));
    if (Date.now() > giveUpAt) throw errorOf(409, E.checkoutInProgress);
    await sleep(CHECKOUT_POLL_MS);
  }
}

/** Holding the claim: asks the provider for a checkout and stores it on the order (releasing the claim). */
async function openCheckout(
  ctx: AppContext,
  order: OrderRow,
  provider: PaymentProvider,
  opts: { method: 'online' | 'wallet'; locale: Locale },
): Promise<string> {
  const db = ctx.db.db;
  const now = ctx.clock.now();
  const currency = PAYMENT_METHOD_CURRENCY[opts.method];
  const release = () =>
    db.update(shopOrder).set({ checkoutClaimedAt: null }).where(eq(shopOrder.id, order.id));
  let session: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    const items = await db
      .select({ nameZh: product.nameZh, nameEn: product.nameEn })
      .from(product)
      .innerJoin(orderItem, eq(orderItem.productId, product.id))
      .where(eq(orderItem.orderId, order.id));
    const base = ctx.config.payment.publicBaseUrl;
    const minExpiry = new Date(now.getTime() + 30 * 60_000);
    session = await provider.createCheckout({
      orderNo: order.orderNo,
      amountMinor: payableIn(order, currency),
      currency,
      method: opts.method,
      description: `${order.orderNo} ${items.map((i) => localName(i, opts.locale)).join(' + ')}`,
      successUrl: `${base}${purchaseRecordPath(order.orderNo)}`,
      cancelUrl: `${base}${purchaseRecordPath(order.orderNo)}&cancelled=1`,
      expiresAt: order.expiresAt && order.expiresAt > minExpiry ? order.expiresAt : minExpiry,
      locale: opts.locale,
      now,
    });
  } catch (err) {
    await release();
    if (err instanceof PaymentProviderError) {
      ctx.logger.warn({ provider: err.provider, detail: err.detail, status: err.status }, 'checkout failed');
      throw errorOf(502, E.paymentProviderFailed);
    }
    throw err;
  }
  const [stored] = await db
    .update(shopOrder)
    .set({
      method: opts.method,
      providerRef: session.providerRef,
      checkoutProvider: provider.id,
      checkoutUrl: session.redirectUrl,
      checkoutExpiresAt: session.expiresAt,
      checkoutClaimedAt: null,
      updatedAt: now,
    })
    .where(and(eq(shopOrder.id, order.id), inArray(shopOrder.status, [...CHECKOUT_FROM])))
    .returning({ id: shopOrder.id });
  if (!stored) {
    await release();
    throw transitionRefused(); // paid, cancelled or expired while the provider answered
  }
  return session.redirectUrl;
}
