import { PAYMENT_METHOD_CURRENCY } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { shopOrder } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { purchaseRecordPath } from './checkout.service.ts';
import { expireDue, type OrderRow, SANDBOX_COMPLETABLE, transitionRefused } from './order-transitions.ts';
import { payableIn } from './record-payment.ts';
import { handleWebhook } from './webhook.service.ts';

/**
 * The sandbox, the embedded default provider: a clearly marked TEST checkout page whose buttons make a
 * signed delivery through the same webhook path as a real provider's.
 */

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

/** GET /api/payment/sandbox/session/{token}/ */
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
  if (order.customerId !== null) await expireDue(ctx.db.db, ctx.clock.now(), order.customerId);
  const [fresh] = await ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
  if (!fresh || !(SANDBOX_COMPLETABLE as readonly string[]).includes(fresh.status)) throw transitionRefused();
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
