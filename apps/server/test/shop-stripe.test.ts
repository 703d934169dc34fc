import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { entitlement, payment, paymentEvent, refund, shopOrder } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, login } from './factories.ts';
import { shopHelpers } from './shop-factories.ts';

/**
 * Online payment with the Stripe adapter: a local stand-in answers POST /v1/checkout/sessions and POST
 * /v1/refunds over real HTTP, and the webhook deliveries are signed like Stripe signs them (t=…,v1=HMAC-SHA256
 * of "t.body"). The stand-in verifies a refund request as Stripe would: the secret key, a form body, an
 * Idempotency-Key (the same key answers the same refund), a payment_intent of a session it created, and an
 * amount no larger than what that payment has left.
 */
const WEBHOOK_SECRET = 'whsec_test_dossier_0123456789';
let t: TestApp;
let stripe: Server;
const sessions: URLSearchParams[] = [];
let failNext = false;
/** payment_intent → [captured, refunded] (cents), for the sessions the stand-in created. */
const intents = new Map<string, [number, number]>();
const refundRequests: { headers: Record<string, string | string[] | undefined>; form: URLSearchParams }[] =
  [];
const refundsByKey = new Map<string, string>();
let refundFailNext = false;

/** POST /v1/refunds as Stripe answers it (after the secret key was checked). */
function standInRefund(headers: Record<string, string | string[] | undefined>, body: string) {
  const form = new URLSearchParams(body);
  refundRequests.push({ headers, form });
  const error = (status: number, type: string, code: string) =>
    [status, JSON.stringify({ error: { type, code, message: code } })] as const;
  if (headers['content-type'] !== 'application/x-www-form-urlencoded') {
    return error(400, 'invalid_request_error', 'form_body_expected');
  }
  const key = headers['idempotency-key'];
  if (typeof key !== 'string' || !key) return error(400, 'invalid_request_error', 'idempotency_key_missing');
  const earlier = refundsByKey.get(key);
  if (earlier) return [200, earlier] as const;
  if (refundFailNext) {
    refundFailNext = false;
    return error(500, 'api_error', 'stand_in_down');
  }
  const intent = intents.get(form.get('payment_intent') ?? '');
  if (!intent) return error(404, 'invalid_request_error', 'resource_missing');
  const amount = Number(form.get('amount'));
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return error(400, 'invalid_request_error', 'parameter_invalid_integer');
  if (amount > intent[0] - intent[1]) return error(400, 'invalid_request_error', 'amount_too_large');
  intent[1] += amount;
  const answer = JSON.stringify({
    id: `re_${refundsByKey.size + 1}_${form.get('payment_intent')}`,
    object: 'refund',
    amount,
    currency: 'usd',
    payment_intent: form.get('payment_intent'),
    status: 'succeeded',
  });
  refundsByKey.set(key, answer);
  return [200, answer] as const;
}

beforeAll(async () => {
  stripe = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.headers.authorization === 'Bearer sk_test_dossier' && req.url === '/v1/refunds') {
        const [status, answer] = standInRefund(req.headers, body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
        return;
      }
      if (req.url !== '/v1/checkout/sessions' || req.headers.authorization !== 'Bearer sk_test_dossier') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":{"type":"invalid_request_error"}}');
        return;
      }
      if (failNext) {
        failNext = false;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"type":"api_error"}}');
        return;
      }
      const form = new URLSearchParams(body);
      sessions.push(form);
      const id = `cs_test_${sessions.length}_${Date.now()}`;
      intents.set(`pi_${id}`, [Number(form.get('line_items[0][price_data][unit_amount]')), 0]);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }),
        );
    });
  });
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', r));
  const port = (stripe.address() as AddressInfo).port;
  const defaults = loadConfig({ NODE_ENV: 'test' });
  t = await buildTestApp({
    config: {
      ...accountsTestConfig,
      payment: {
        ...defaults.payment,
        onlineProvider: 'stripe',
        publicBaseUrl: 'https://dossier.example',
        stripe: {
          secretKey: 'sk_test_dossier',
          webhookSecret: WEBHOOK_SECRET,
          apiBase: `http://127.0.0.1:${port}`,
        },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => stripe.close(r));
});

function stripeDelivery(event: unknown, secret = WEBHOOK_SECRET) {
  const rawBody = JSON.stringify(event);
  const ts = Math.floor(t.clock.now().getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe/',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${ts},v1=${v1}` },
    payload: rawBody,
  });
}

const completed = (id: string, session: string, orderNo: string, amount: number, currency = 'usd') => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: session,
      object: 'checkout.session',
      client_reference_id: orderNo,
      payment_intent: `pi_${session}`,
      payment_status: 'paid',
      amount_total: amount,
      currency,
    },
  },
});

describe('Stripe Checkout (online, USD)', () => {
  it('checkout → signed webhook → paid; the replay records one payment; bad deliveries refused and logged', async () => {
    const u = await login(t);
    const products = (
      await t.app.inject({ method: 'GET', url: '/api/customer/product/?project_code=USA_EB1A' })
    ).json();
    const base = products.find((p: { service: string }) => p.service === 'DIY_STANDARD');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customer/order/',
      headers: u.auth,
      payload: { product_ids: [base.id], agreement_accepted: true, promo_code: 'WELCOME50' },
    });
    const order = created.json();
    expect(order.payable.amount).toBe(54_900);

    failNext = true;
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/customer/order/${order.id}/pay/`,
      headers: { ...u.auth, Language: 'en' },
      payload: { method: 'online' },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('payment_provider_failed');

    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/customer/order/${order.id}/pay/`,
      headers: u.auth,
      payload: { method: 'online' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = sessions.at(-1)!;
    expect(form.get('client_reference_id')).toBe(order.order_no);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('54900');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('success_url')).toBe(
      `https://dossier.example/personalCenter/purchaseRecord?order=${order.order_no}`,
    );
    const [row] = await t.ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    const sessionId = row!.providerRef!;

    // Refused: wrong secret, wrong amount, wrong currency.
    const evt = completed(`evt_${order.id}`, sessionId, order.order_no, 54_900);
    expect((await stripeDelivery(evt, 'whsec_not_the_secret')).statusCode).toBe(400);
    expect(
      (await stripeDelivery(completed(`evt_a${order.id}`, sessionId, order.order_no, 59_900))).statusCode,
    ).toBe(400);
    const cny = await stripeDelivery(
      completed(`evt_c${order.id}`, sessionId, order.order_no, 389_790, 'cny'),
    );
    expect(cny.statusCode).toBe(400);
    expect(cny.json().code).toBe('webhook_refused');
    // Genuine, then replayed.
    const ok = await stripeDelivery(evt);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    expect((await stripeDelivery(evt)).statusCode).toBe(200);
    // Not a payment outcome: acknowledged and ignored.
    const other = await stripeDelivery({
      id: `evt_x${order.id}`,
      type: 'customer.created',
      data: { object: {} },
    });
    expect(other.statusCode).toBe(200);

    const pays = await t.ctx.db.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(pays.map((p) => [p.provider, p.providerEventId, p.amountMinor, p.currency])).toEqual([
      ['stripe', `evt_${order.id}`, 54_900, 'USD'],
    ]);
    const [after] = await t.ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(after!.status).toBe('paid');
    const ents = await t.ctx.db.db.select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
    expect(ents).toHaveLength(1);
    const events = await t.ctx.db.db.select().from(paymentEvent).where(eq(paymentEvent.provider, 'stripe'));
    const mine = events.filter((e) => e.orderNo === order.order_no || e.eventId === null);
    expect(mine.map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['refused', 'refused', 'refused', 'recorded', 'duplicate', 'ignored']),
    );
    expect(mine.find((e) => e.reason === 'signature mismatch')).toBeTruthy();
    expect(mine.find((e) => e.reason?.startsWith('currency CNY is not paid through stripe'))).toBeTruthy();

    // The sandbox is not live for online payments here: its TEST page does not exist.
    const sb = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/session/${sessionId}/` });
    expect(sb.statusCode).toBe(404);
  });
});

describe('Stripe refunds (POST /v1/refunds against the stand-in)', () => {
  const s = shopHelpers(() => t);

  it('staff refund → the stand-in verifies the request; the order ends refunded, the entitlement withdrawn, the customer notified', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const order = await s.createOrder(u, [ids.DIY_STANDARD!]);
    const pay = await s.call('POST', `/api/customer/order/${order.id}/pay/`, {
      user: u,
      payload: { method: 'online' },
      lang: 'zh',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const [row] = await t.ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    const sessionId = row!.providerRef!;
    const paid = await stripeDelivery(completed(`evt_r${order.id}`, sessionId, order.order_no, 59_900));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await s.orderRow(order.id)).status).toBe('paid');

    // Stripe down: 502, the refund row failed, the order still paid.
    refundFailNext = true;
    const downKey = s.newKey();
    const down = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
      payload: { reason: 'service not wanted' },
      headers: { 'Idempotency-Key': downKey },
    });
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json().code).toBe('payment_provider_failed');
    expect((await s.orderRow(order.id)).status).toBe('paid');
    const [failed] = await t.ctx.db.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(failed).toMatchObject({
      status: 'failed',
      failure: 'HTTP 500 api_error stand_in_down stand_in_down',
    });
    // The same key again answers the same refusal and asks Stripe nothing.
    const sentBefore = refundRequests.length;
    const replay = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
      payload: { reason: 'service not wanted' },
      headers: { 'Idempotency-Key': downKey },
    });
    expect(replay.statusCode).toBe(502);
    expect(refundRequests).toHaveLength(sentBefore);

    const asked = refundRequests.length;
    const r = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
      payload: { reason: 'service not wanted' },
      headers: { 'Idempotency-Key': s.newKey() },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('refunded');
    expect(refundRequests).toHaveLength(asked + 1);
    const req = refundRequests.at(-1)!;
    const rows = await t.ctx.db.db.select().from(refund).where(eq(refund.orderId, order.id));
    const done = rows.find((x) => x.status === 'succeeded')!;
    expect(req.headers.authorization).toBe('Bearer sk_test_dossier');
    expect(req.headers['idempotency-key']).toBe(`dossier-refund-${done.id}`);
    expect(Object.fromEntries(req.form)).toEqual({
      payment_intent: `pi_${sessionId}`,
      amount: '59900',
      reason: 'requested_by_customer',
      'metadata[order_no]': order.order_no,
      'metadata[reason]': 'service not wanted',
    });
    expect(done.providerRefundId).toBe(`re_${refundsByKey.size}_pi_${sessionId}`);
    expect(intents.get(`pi_${sessionId}`)).toEqual([59_900, 59_900]);

    const ents = await t.ctx.db.db.select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
    expect(ents).toHaveLength(1);
    expect(ents[0]!.withdrawnAt).not.toBeNull();
    const access = await t.app.inject({
      url: '/api/customer/workbench/access/?project_code=USA_EB1A',
      headers: u.auth,
    });
    expect(access.json()).toMatchObject({ read_only: true });
    for (const [lang, text] of [
      ['en', `Order ${order.order_no} was refunded ($599.00): service not wanted.`],
      ['zh', `订单 ${order.order_no} 已退款（$599.00）：service not wanted。`],
    ] as const) {
      const list = await t.app.inject({
        url: '/api/customer/notification/?page=1&size=10',
        headers: { ...u.auth, Language: lang },
      });
      expect(list.json().results[0].message.startsWith(text), list.body).toBe(true);
    }
  });

  it('a payment without a payment_intent cannot be refunded through Stripe: 502, nothing sent', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_NIW');
    const order = await s.createOrder(u, [ids.DIY_STANDARD!]);
    await s.call('POST', `/api/customer/order/${order.id}/pay/`, { user: u, payload: { method: 'online' } });
    const [row] = await t.ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    const evt = completed(`evt_n${order.id}`, row!.providerRef!, order.order_no, order.payable.amount);
    delete (evt.data.object as { payment_intent?: string }).payment_intent;
    expect((await stripeDelivery(evt)).statusCode).toBe(200);
    const asked = refundRequests.length;
    const r = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
      payload: { reason: 'x' },
      headers: { 'Idempotency-Key': s.newKey() },
    });
    expect(r.statusCode).toBe(502);
    expect(refundRequests).toHaveLength(asked);
    expect((await s.orderRow(order.id)).status).toBe('paid');
  });
});
