import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { entitlement, payment, paymentEvent, shopOrder } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, login } from './factories.ts';

/**
 * Online payment with the Stripe adapter: a local stand-in answers POST /v1/checkout/sessions over real HTTP,
 * and the webhook deliveries are signed like Stripe signs them (t=…,v1=HMAC-SHA256 of "t.body").
 */
const WEBHOOK_SECRET = 'whsec_test_dossier_0123456789';
let t: TestApp;
let stripe: Server;
const sessions: URLSearchParams[] = [];
let failNext = false;

beforeAll(async () => {
  stripe = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
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
