import {
  FinanceErrorCode as F,
  type Locale,
  PAYMENT_METHODS,
  type PaymentMethod,
  type TExchangeRate,
  type TStaffOrder,
  type TStaffOrderQuery,
  type TStaffProduct,
  type TStaffPromoCode,
} from '@dossier/contract';
import { and, count, desc, eq, gte, inArray, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customer } from '../../db/schema/accounts.ts';
import { exchangeRate, paymentFlag, product, project, promoCode, shopOrder } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';
import { expireDue, type OrderRow } from './order-transitions.ts';
import { orderViews } from './orders.service.ts';
import { formatRateE4 } from './pricing.ts';
import { paymentsWithRefunds, refundsOf, refundTarget } from './refund.service.ts';

/**
 * The finance staff console's reads and catalogue changes (issue 16 item 7; decision 0034). Catalogue,
 * exchange-rate and promo-code changes touch no existing order: an order stores its own amounts, rate and
 * CNY payable at creation (modules/shop/orders.service.ts).
 */

const money = (amount: number, currency: string) => ({
  amount,
  currency: currency === 'CNY' ? ('CNY' as const) : ('USD' as const),
});

/** Orders as staff see them: the customer's view plus phone, payments, refunds and what can be refunded. */
export async function staffOrderViews(db: Db, rows: OrderRow[], locale: Locale): Promise<TStaffOrder[]> {
  const ids = rows.map((r) => r.id);
  const views = await orderViews(db, rows, locale);
  const customerIds = rows.map((r) => r.customerId).filter((c): c is number => c !== null);
  const phones = customerIds.length
    ? await db
        .select({ id: customer.id, areaCode: customer.areaCode, phone: customer.phone })
        .from(customer)
        .where(inArray(customer.id, customerIds))
    : [];
  const pays = await paymentsWithRefunds(db, ids);
  const refunds = await refundsOf(db, ids);
  return rows.map((r, i) => {
    const c = phones.find((p) => p.id === r.customerId);
    const own = pays.filter((x) => x.p.orderId === r.id);
    const target = r.status === 'paid' || r.status === 'partly_paid' ? refundTarget(own) : null;
    return {
      ...views[i]!,
      customer_id: r.customerId,
      customer_phone: c ? `+${c.areaCode} ${c.phone}` : null,
      language: r.language === 'en' ? 'en' : 'zh',
      status_reason: r.statusReason,
      payments: own.map(({ p, refunded }) => ({
        id: p.id,
        provider: p.provider,
        method: (PAYMENT_METHODS as readonly string[]).includes(p.method)
          ? (p.method as PaymentMethod)
          : null,
        amount: money(p.amountMinor, p.currency),
        status: p.status,
        refunded: money(refunded, p.currency),
        created_at: p.createdAt.toISOString(),
      })),
      refunds: refunds
        .filter((f) => f.orderId === r.id)
        .map((f) => ({
          id: f.id,
          payment_id: f.paymentId,
          provider: f.provider,
          amount: money(f.amountMinor, f.currency),
          reason: f.reason,
          status: f.status as 'pending' | 'succeeded' | 'failed',
          provider_refund_id: f.providerRefundId,
          failure: f.failure,
          staff: f.staffActor,
          created_at: f.createdAt.toISOString(),
          completed_at: f.completedAt?.toISOString() ?? null,
        })),
      refundable: target
        ? {
            payment_id: target.p.id,
            provider: target.p.provider,
            amount: money(target.left, target.p.currency),
          }
        : null,
    };
  });
}

export async function staffOrderView(ctx: AppContext, id: number, locale: Locale): Promise<TStaffOrder> {
  const [row] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, id));
  if (!row) throw notFound();
  const [view] = await staffOrderViews(ctx.db.db, [row], locale);
  return view!;
}

/** GET /api/staff/order/: newest first, filtered by order number, phone digits, status and creation days. */
export async function searchOrders(
  ctx: AppContext,
  q: TStaffOrderQuery,
  locale: Locale,
): Promise<{ count: number; results: TStaffOrder[] }> {
  const db = ctx.db.db;
  await expireDue(db, ctx.clock.now());
  const where: SQL[] = [];
  const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (q.order_no) where.push(like(shopOrder.orderNo, `%${likeEscape(q.order_no.toUpperCase())}%`));
  if (q.phone) {
    const digits = q.phone.replace(/\D/g, '');
    where.push(
      inArray(
        shopOrder.customerId,
        db
          .select({ id: customer.id })
          .from(customer)
          .where(like(sql`${customer.areaCode} || ${customer.phone}`, `%${digits}%`)),
      ),
    );
  }
  if (q.status) where.push(eq(shopOrder.status, q.status));
  if (q.from) where.push(gte(shopOrder.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to)
    where.push(lt(shopOrder.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  const [total] = await db
    .select({ n: count() })
    .from(shopOrder)
    .where(and(...where));
  const rows = await db
    .select()
    .from(shopOrder)
    .where(and(...where))
    .orderBy(desc(shopOrder.createdAt), desc(shopOrder.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: await staffOrderViews(db, rows, locale) };
}

/** POST /api/staff/payment_flag/{id}/resolve/: once (409 flag_already_resolved after), with a note; audited. */
export async function resolveFlag(ctx: AppContext, who: StaffActor, id: number, note: string) {
  const now = ctx.clock.now();
  return ctx.db.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentFlag)
      .set({ resolvedAt: now, resolvedBy: who.actor, resolutionNote: note.trim() })
      .where(and(eq(paymentFlag.id, id), isNull(paymentFlag.resolvedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: paymentFlag.id })
        .from(paymentFlag)
        .where(eq(paymentFlag.id, id));
      throw exists ? errorOf(409, F.flagAlreadyResolved) : notFound();
    }
    const [order] = await tx
      .select({ orderNo: shopOrder.orderNo })
      .from(shopOrder)
      .where(eq(shopOrder.id, row.orderId));
    await recordAudit(ctx, tx, who, {
      action: 'payment_flag.resolve',
      targetType: 'payment_flag',
      targetId: row.id,
      before: { resolved_at: null },
      after: { resolved_at: now.toISOString() },
      detail: { note: note.trim(), kind: row.kind, order_id: row.orderId },
    });
    return {
      id: row.id,
      kind: row.kind as 'promo_conflict' | 'overpayment' | 'customer_erased',
      order_id: row.orderId,
      order_no: order?.orderNo ?? '',
      payment_id: row.paymentId,
      amount: money(row.amountMinor, row.currency),
      created_at: row.createdAt.toISOString(),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      resolved_by: row.resolvedBy,
      resolution_note: row.resolutionNote,
    };
  });
}

// ── Catalogue ────────────────────────────────────────────────────────────────────────────────────────────

type ProductRow = typeof product.$inferSelect;
const productView = (p: ProductRow, code: string): TStaffProduct => ({
  id: p.id,
  project_code: code,
  service: p.service,
  kind: p.kind === 'addon' ? 'addon' : 'base',
  name_zh: p.nameZh,
  name_en: p.nameEn,
  price: money(p.priceMinor, p.currency),
  duration_months: p.durationMonths,
  active: p.active,
});

export async function listStaffProducts(ctx: AppContext): Promise<TStaffProduct[]> {
  const rows = await ctx.db.db
    .select({ p: product, code: project.code })
    .from(product)
    .innerJoin(project, eq(product.projectId, project.id))
    .orderBy(project.position, project.id, product.position, product.id);
  return rows.map((r) => productView(r.p, r.code));
}

/** PATCH /api/staff/product/{id}/: the list price and whether it is sold, for orders created from now on. */
export async function patchProduct(
  ctx: AppContext,
  who: StaffActor,
  id: number,
  patch: { price_minor?: number | undefined; active?: boolean | undefined },
): Promise<TStaffProduct> {
  return ctx.db.db.transaction(async (tx) => {
    const [before] = await tx.select().from(product).where(eq(product.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(product)
      .set({
        ...(patch.price_minor !== undefined ? { priceMinor: patch.price_minor } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      })
      .where(eq(product.id, id))
      .returning();
    await recordAudit(ctx, tx, who, {
      action: 'product.update',
      targetType: 'product',
      targetId: id,
      before: { price_minor: before.priceMinor, active: before.active },
      after: { price_minor: after!.priceMinor, active: after!.active },
    });
    const [pr] = await tx
      .select({ code: project.code })
      .from(project)
      .where(eq(project.id, after!.projectId));
    return productView(after!, pr?.code ?? '');
  });
}

// ── Exchange rate ────────────────────────────────────────────────────────────────────────────────────────

const rateView = (r: typeof exchangeRate.$inferSelect): TExchangeRate => ({
  id: r.id,
  rate: formatRateE4(r.rateE4),
  effective_at: r.effectiveAt.toISOString(),
  created_at: r.createdAt.toISOString(),
});

export async function listExchangeRates(ctx: AppContext) {
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select()
    .from(exchangeRate)
    .where(and(eq(exchangeRate.base, 'USD'), eq(exchangeRate.quote, 'CNY')))
    .orderBy(desc(exchangeRate.effectiveAt), desc(exchangeRate.id))
    .limit(20);
  const current = rows.find((r) => r.effectiveAt <= now) ?? null;
  return { current: current ? rateView(current) : null, history: rows.map(rateView) };
}

/** "7.1234" → 71234 exactly (no floating point). */
export function parseRateE4(rate: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!m) return null;
  const n = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return n > 0 ? n : null;
}

/**
 * POST /api/staff/exchange_rate/: in force from `effectiveAt` (never earlier than now); orders already created
 * keep theirs.
 */
export async function createExchangeRate(
  ctx: AppContext,
  who: StaffActor,
  rate: string,
  effectiveAt?: string | undefined,
): Promise<TExchangeRate> {
  const rateE4 = parseRateE4(rate);
  if (rateE4 === null) throw errorOf(400, F.exchangeRateInvalid);
  const now = ctx.clock.now();
  const from = effectiveAt && new Date(effectiveAt) > now ? new Date(effectiveAt) : now;
  return ctx.db.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangeRate)
      .values({ base: 'USD', quote: 'CNY', rateE4, effectiveAt: from, createdAt: now })
      .returning();
    await recordAudit(ctx, tx, who, {
      action: 'exchange_rate.create',
      targetType: 'exchange_rate',
      targetId: row!.id,
      after: { rate: formatRateE4(rateE4), effective_at: from.toISOString() },
    });
    return rateView(row!);
  });
}

// ── Promo codes ──────────────────────────────────────────────────────────────────────────────────────────

const promoView = (p: typeof promoCode.$inferSelect): TStaffPromoCode => ({
  id: p.id,
  code: p.code,
  kind: p.kind === 'amount' ? 'amount' : 'percent',
  value: p.value,
  valid_from: p.validFrom?.toISOString() ?? null,
  valid_until: p.validUntil?.toISOString() ?? null,
  active: p.active,
  referral: p.referrerCustomerId !== null,
  created_at: p.createdAt.toISOString(),
});

export async function listPromoCodes(ctx: AppContext, q: { page: number; size: number }) {
  const db = ctx.db.db;
  const [total] = await db.select({ n: count() }).from(promoCode);
  const rows = await db
    .select()
    .from(promoCode)
    .orderBy(desc(promoCode.createdAt), desc(promoCode.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: rows.map(promoView) };
}

export async function createPromoCode(
  ctx: AppContext,
  who: StaffActor,
  body: {
    code: string;
    kind: 'percent' | 'amount';
    value: number;
    valid_from?: string | undefined;
    valid_until?: string | undefined;
  },
): Promise<TStaffPromoCode> {
  const now = ctx.clock.now();
  return ctx.db.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCode)
      .values({
        code: body.code,
        kind: body.kind,
        value: body.value,
        validFrom: body.valid_from ? new Date(body.valid_from) : null,
        validUntil: body.valid_until ? new Date(body.valid_until) : null,
        active: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: promoCode.code })
      .returning();
    if (!row) throw errorOf(409, F.promoCodeTaken);
    await recordAudit(ctx, tx, who, {
      action: 'promo_code.create',
      targetType: 'promo_code',
      targetId: row.id,
      after: promoView(row),
    });
    return promoView(row);
  });
}

/** POST /api/staff/promo_code/{id}/disable/: no new order can use it (idempotent; audited each time). */
export async function disablePromoCode(
  ctx: AppContext,
  who: StaffActor,
  id: number,
): Promise<TStaffPromoCode> {
  return ctx.db.db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCode).where(eq(promoCode.id, id)).for('update');
    if (!before) throw notFound();
    const [row] = await tx.update(promoCode).set({ active: false }).where(eq(promoCode.id, id)).returning();
    await recordAudit(ctx, tx, who, {
      action: 'promo_code.disable',
      targetType: 'promo_code',
      targetId: id,
      before: { active: before.active },
      after: { active: false },
    });
    return promoView(row!);
  });
}
