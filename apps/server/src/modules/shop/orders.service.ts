import { randomInt } from 'node:crypto';
import {
  ShopErrorCode as E,
  isAddon,
  type Locale,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  type ProjectCode,
  type ServiceCode,
  type TOrder,
  type TQuote,
} from '@dossier/contract';
import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  exchangeRate,
  orderItem,
  payment,
  product,
  project,
  promoCode,
  shopOrder,
} from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';
import { localName, type ProductRow, type ProjectRow } from './catalogue.service.ts';
import {
  applyTransition,
  expireDue,
  lockCustomerOrders,
  type OrderRow,
  PENDING_STATUSES,
  PURCHASE_STATUSES,
} from './order-transitions.ts';
import { addMonths, formatRateE4, promoDiscount, usdCentsToCnyFen } from './pricing.ts';
import { activeServices, baseExpiry } from './rights.service.ts';

type PromoRow = typeof promoCode.$inferSelect;

interface Priced {
  project: ProjectRow;
  products: ProductRow[];
  hasBase: boolean;
  amount: number;
  discount: number;
  payable: number;
  rateE4: number;
  payableCny: number;
  promo: PromoRow | null;
  serviceEndsAt: Date;
}

/**
 * Whether the customer already has a purchase (paid, partly paid or awaiting confirmation, or the given
 * statuses), other than `exceptOrderId`.
 */
export async function hasEarlierPurchase(
  db: Db,
  customerId: number,
  exceptOrderId?: number,
  statuses: readonly OrderStatus[] = PURCHASE_STATUSES,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(shopOrder)
    .where(
      and(
        eq(shopOrder.customerId, customerId),
        inArray(shopOrder.status, [...statuses]),
        ...(exceptOrderId !== undefined ? [ne(shopOrder.id, exceptOrderId)] : []),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** CNY per USD × 10 000 effective at `now` (the latest row whose effective_at has passed). */
export async function currentRateE4(db: Db, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ rateE4: exchangeRate.rateE4 })
    .from(exchangeRate)
    .where(
      and(eq(exchangeRate.base, 'USD'), eq(exchangeRate.quote, 'CNY'), lte(exchangeRate.effectiveAt, now)),
    )
    .orderBy(desc(exchangeRate.effectiveAt), desc(exchangeRate.id))
    .limit(1);
  return row?.rateE4 ?? null;
}

/**
 * The server's price for a set of products (spec §3 Pricing, §5 Purchase). Refusals keep their own codes;
 * anything else that goes wrong answers price_unavailable ("failed to obtain recommended price").
 */
async function price(
  ctx: AppContext,
  db: Db,
  opts: { customerId: number; productIds: number[]; promoCode?: string | undefined },
): Promise<Priced> {
  try {
    return await priceUnchecked(db, opts, ctx.clock.now());
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.logger.error({ err }, 'pricing failed');
    throw errorOf(503, E.priceUnavailable);
  }
}

async function priceUnchecked(
  db: Db,
  opts: { customerId: number; productIds: number[]; promoCode?: string | undefined },
  now: Date,
): Promise<Priced> {
  const ids = [...new Set(opts.productIds)];
  if (ids.some((id) => id > 2_147_483_647)) throw errorOf(404, E.productNotFound);
  const rows = await db
    .select({ p: product, project })
    .from(product)
    .innerJoin(project, eq(product.projectId, project.id))
    .where(and(inArray(product.id, ids), eq(product.active, true), eq(project.active, true)))
    .orderBy(asc(product.position), asc(product.id));
  if (rows.length !== ids.length) throw errorOf(404, E.productNotFound);
  const projectIds = new Set(rows.map((r) => r.project.id));
  if (projectIds.size !== 1) throw errorOf(400, E.mixedProjects);
  const pr = rows[0]!.project;
  const products = rows.map((r) => r.p);
  const base = products.find((p) => !isAddon(p.service as ServiceCode));
  const held = await activeServices(db, opts.customerId, pr.id, now);
  if (base && held.has('DIY_STANDARD')) throw errorOf(409, E.alreadyPurchased);
  if (!base && !held.has('DIY_STANDARD')) throw errorOf(409, E.addonRequiresBase);
  if (products.some((p) => held.has(p.service as ServiceCode))) throw errorOf(409, E.alreadyPurchased);

  let promo: PromoRow | null = null;
  const code = opts.promoCode?.trim().toUpperCase();
  if (code) {
    const [row] = await db.select().from(promoCode).where(eq(promoCode.code, code));
    const usable =
      row?.active &&
      (!row.validFrom || row.validFrom <= now) &&
      (!row.validUntil || row.validUntil > now) &&
      row.referrerCustomerId !== opts.customerId;
    if (!row || !usable) throw errorOf(400, E.promoInvalid);
    if (await hasEarlierPurchase(db, opts.customerId)) throw errorOf(409, E.promoFirstPurchaseOnly);
    promo = row;
  }
  const rateE4 = await currentRateE4(db, now);
  if (rateE4 === null) throw new Error('no exchange rate in effect');
  if (products.some((p) => p.currency !== 'USD' || p.priceMinor <= 0))
    throw new Error('product price unusable');
  const amount = products.reduce((s, p) => s + p.priceMinor, 0);
  const discount = promoDiscount(amount, promo);
  const payable = amount - discount;
  let serviceEndsAt: Date;
  if (base) serviceEndsAt = addMonths(now, base.durationMonths ?? 18);
  else serviceEndsAt = (await baseExpiry(db, opts.customerId, pr.id)) ?? now;
  return {
    project: pr,
    products,
    hasBase: !!base,
    amount,
    discount,
    payable,
    rateE4,
    payableCny: usdCentsToCnyFen(payable, rateE4),
    promo,
    serviceEndsAt,
  };
}

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** POST /api/customer/order/quote/ */
export async function quote(
  ctx: AppContext,
  opts: { customerId: number; productIds: number[]; promoCode?: string | undefined; locale: Locale },
): Promise<TQuote> {
  const q = await price(ctx, ctx.db.db, opts);
  const base = q.products.find((p) => !isAddon(p.service as ServiceCode));
  return {
    project_code: q.project.code as ProjectCode,
    items: q.products.map((p) => ({
      product_id: p.id,
      service: p.service as ServiceCode,
      name: localName(p, opts.locale),
      amount: usd(p.priceMinor),
    })),
    service_duration_months: base ? (base.durationMonths ?? null) : null,
    expires_at: q.serviceEndsAt.toISOString(),
    amount: usd(q.amount),
    discount: usd(q.discount),
    order_total: usd(q.payable),
    payable: usd(q.payable),
    exchange_rate: formatRateE4(q.rateE4),
    payable_cny: cny(q.payableCny),
    promo_code: q.promo?.code ?? null,
  };
}

const ORDER_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** D + the date in China + 6 unambiguous characters: D20261122-7K3QZP. */
export function newOrderNo(now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `D${day}-${tail}`;
}

/**
 * POST /api/customer/order/. Under a per-customer lock: an unpaid order for exactly the same products
 * (and promo code) is answered again instead of creating a second one; an unpaid or awaiting-confirmation
 * order that shares any product is refused with order_pending.
 */
export async function createOrder(
  ctx: AppContext,
  opts: {
    customerId: number;
    productIds: number[];
    promoCode?: string | undefined;
    agreementAccepted: boolean;
    locale: Locale;
  },
): Promise<{ order: TOrder; created: boolean }> {
  if (!opts.agreementAccepted) throw errorOf(400, E.agreementRequired);
  const now = ctx.clock.now();
  const result = await ctx.db.db.transaction(async (tx) => {
    await lockCustomerOrders(tx, opts.customerId);
    await expireDue(tx, now, opts.customerId);
    const q = await price(ctx, tx, opts);
    const wanted = q.products.map((p) => p.id).sort((a, b) => a - b);
    const pending = await tx
      .select({ id: shopOrder.id, status: shopOrder.status, promoCodeId: shopOrder.promoCodeId })
      .from(shopOrder)
      .where(
        and(
          eq(shopOrder.customerId, opts.customerId),
          eq(shopOrder.projectId, q.project.id),
          inArray(shopOrder.status, [...PENDING_STATUSES]),
        ),
      );
    for (const o of pending) {
      const items = await tx
        .select({ productId: orderItem.productId })
        .from(orderItem)
        .where(eq(orderItem.orderId, o.id));
      const have = items.map((i) => i.productId).sort((a, b) => a - b);
      const same = have.length === wanted.length && have.every((id, i) => id === wanted[i]);
      if (same && o.status === 'unpaid' && o.promoCodeId === (q.promo?.id ?? null)) {
        return { id: o.id, created: false };
      }
      if (have.some((id) => wanted.includes(id))) throw errorOf(409, E.orderPending);
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(shopOrder)
        .values({
          orderNo: newOrderNo(now),
          customerId: opts.customerId,
          projectId: q.project.id,
          type: q.hasBase ? 'base' : 'addon',
          status: 'unpaid',
          currency: 'USD',
          amountMinor: q.amount,
          discountMinor: q.discount,
          payableMinor: q.payable,
          exchangeRateE4: q.rateE4,
          payableCnyMinor: q.payableCny,
          promoCodeId: q.promo?.id ?? null,
          language: opts.locale,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ctx.config.shop.orderUnpaidTtlMinutes * 60_000),
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: shopOrder.id });
      if (!row) continue;
      await tx.insert(orderItem).values(
        q.products.map((p) => ({
          orderId: row.id,
          productId: p.id,
          service: p.service,
          amountMinor: p.priceMinor,
        })),
      );
      return { id: row.id, created: true };
    }
    throw new Error('could not allocate an order number');
  });
  const [row] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, result.id));
  const [order] = await orderViews(ctx.db.db, [row!], opts.locale);
  return { order: order!, created: result.created };
}

/** API views of orders: items with names in `locale`, the project code, the sum paid. */
export async function orderViews(db: Db, rows: OrderRow[], locale: Locale): Promise<TOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({ item: orderItem, p: product })
    .from(orderItem)
    .innerJoin(product, eq(orderItem.productId, product.id))
    .where(inArray(orderItem.orderId, ids))
    .orderBy(asc(product.position), asc(orderItem.id));
  const projects = await db.select({ id: project.id, code: project.code }).from(project);
  const codeOf = new Map(projects.map((p) => [p.id, p.code as ProjectCode]));
  const paid = await db
    .select({
      orderId: payment.orderId,
      currency: payment.currency,
      amount: sql<string>`sum(${payment.amountMinor})`,
    })
    .from(payment)
    .where(and(inArray(payment.orderId, ids), eq(payment.status, 'succeeded')))
    .groupBy(payment.orderId, payment.currency);
  const promoIds = rows.map((r) => r.promoCodeId).filter((id): id is number => id !== null);
  const promos = promoIds.length
    ? await db
        .select({ id: promoCode.id, code: promoCode.code })
        .from(promoCode)
        .where(inArray(promoCode.id, promoIds))
    : [];
  return rows.map((r) => {
    const own = paid.filter((p) => p.orderId === r.id);
    const firstPaid = own[0];
    return {
      id: r.id,
      order_no: r.orderNo,
      type: r.type === 'addon' ? 'addon' : 'base',
      project_code: codeOf.get(r.projectId) ?? 'USA_EB1A',
      items: items
        .filter((i) => i.item.orderId === r.id)
        .map((i) => ({
          product_id: i.p.id,
          service: i.item.service as ServiceCode,
          name: localName(i.p, locale),
          amount: usd(i.item.amountMinor),
        })),
      created_at: r.createdAt.toISOString(),
      paid_at: r.paidAt?.toISOString() ?? null,
      expires_at: r.status === 'unpaid' ? (r.expiresAt?.toISOString() ?? null) : null,
      amount: usd(r.amountMinor),
      discount: usd(r.discountMinor),
      payable: usd(r.payableMinor),
      exchange_rate: formatRateE4(r.exchangeRateE4),
      payable_cny: cny(r.payableCnyMinor),
      paid: firstPaid
        ? {
            amount: own
              .filter((p) => p.currency === firstPaid.currency)
              .reduce((s, p) => s + Number(p.amount), 0),
            currency: firstPaid.currency === 'CNY' ? 'CNY' : 'USD',
          }
        : null,
      status: r.status,
      method: (PAYMENT_METHODS as readonly string[]).includes(r.method ?? '')
        ? (r.method as PaymentMethod)
        : null,
      promo_code: promos.find((p) => p.id === r.promoCodeId)?.code ?? null,
    };
  });
}

/** GET /api/customer/order/: the caller's orders, newest first (due unpaid orders expire first). */
export async function listOrders(
  ctx: AppContext,
  opts: { customerId: number; page: number; size: number; locale: Locale },
): Promise<{ count: number; results: TOrder[] }> {
  const db = ctx.db.db;
  await expireDue(db, ctx.clock.now(), opts.customerId);
  const [total] = await db
    .select({ n: count() })
    .from(shopOrder)
    .where(eq(shopOrder.customerId, opts.customerId));
  const rows = await db
    .select()
    .from(shopOrder)
    .where(eq(shopOrder.customerId, opts.customerId))
    .orderBy(desc(shopOrder.createdAt), desc(shopOrder.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  return { count: total?.n ?? 0, results: await orderViews(db, rows, opts.locale) };
}

/** One of the caller's orders; another customer's order answers 404 exactly like a missing one. */
export async function ownOrder(ctx: AppContext, customerId: number, orderId: number): Promise<OrderRow> {
  const db = ctx.db.db;
  await expireDue(db, ctx.clock.now(), customerId);
  const [row] = await db
    .select()
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.customerId, customerId)));
  if (!row) throw notFound();
  return row;
}

export async function getOrder(
  ctx: AppContext,
  opts: { customerId: number; orderId: number; locale: Locale },
): Promise<TOrder> {
  const row = await ownOrder(ctx, opts.customerId, opts.orderId);
  const [view] = await orderViews(ctx.db.db, [row], opts.locale);
  return view!;
}

/** POST /api/customer/order/{id}/cancel/: unpaid or failed orders only. */
export async function cancelOrder(
  ctx: AppContext,
  opts: { customerId: number; orderId: number; locale: Locale },
): Promise<TOrder> {
  const own = await ownOrder(ctx, opts.customerId, opts.orderId);
  const now = ctx.clock.now();
  const row = await applyTransition(ctx.db.db, own.id, 'cancel', now, {
    cancelledAt: now,
    statusReason: 'customer',
  });
  const [view] = await orderViews(ctx.db.db, [row], opts.locale);
  return view!;
}

/** POST /api/customer/order/{id}/transfer_completed/: the customer says the bank transfer was sent. */
export async function markTransferCompleted(
  ctx: AppContext,
  opts: { customerId: number; orderId: number; locale: Locale },
): Promise<TOrder> {
  const own = await ownOrder(ctx, opts.customerId, opts.orderId);
  const row = await applyTransition(ctx.db.db, own.id, 'transfer_marked', ctx.clock.now(), {
    method: 'bank_transfer',
  });
  const [view] = await orderViews(ctx.db.db, [row], opts.locale);
  return view!;
}
