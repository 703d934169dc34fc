import { ZOrder, ZQuote } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entitlement,
  exchangeRate,
  notification,
  paymentEvent,
  plan,
  planRecord,
  staffAudit,
} from '../src/db/schema/index.ts';
import { requireEntitlement } from '../src/modules/shop/gate.ts';
import { expireDue } from '../src/modules/shop/order-transitions.ts';
import { registerAuth, requireCustomer } from '../src/plugins/auth.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { registerI18n } from '../src/plugins/i18n.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const START = new Date('2026-11-21T08:00:00Z');
const errMsg = (lang: 'zh' | 'en', code: string) => (resources[lang].errors as Record<string, string>)[code];
const msgOf = (lang: 'zh' | 'en', key: string) => (resources[lang].messages as Record<string, string>)[key];

type Json = Record<string, unknown>;
const {
  call,
  productIds,
  createOrder,
  openCheckout,
  completeSandbox,
  payWithSandbox,
  buyBase,
  paymentsOf,
  orderRow,
  newKey,
  staff: staffCall,
  finance,
} = shopHelpers(() => t);
const db = () => t.ctx.db.db;

describe('catalogue', () => {
  it('area projects in the Language header language', async () => {
    const en = (await call('GET', '/api/customer/project/area_projects/')).json();
    expect(en).toEqual([
      {
        area: 'US',
        name: 'United States',
        projects: [
          expect.objectContaining({
            code: 'USA_EB1A',
            workbench_path: '/EB-1A',
            name: 'EB-1A Extraordinary Ability',
          }),
          expect.objectContaining({ code: 'USA_NIW', workbench_path: '/NIW' }),
        ],
      },
    ]);
    const zh = (await call('GET', '/api/customer/project/area_projects/', { lang: 'zh' })).json();
    expect(zh[0].name).toBe('美国');
  });

  it('products: base $599 for 18 months, single-person use; anonymous sees add-ons not available', async () => {
    const r = await call('GET', '/api/customer/product/?project_code=USA_EB1A');
    const list = r.json() as Json[];
    expect(list.map((p) => [p.service, p.display])).toEqual([
      ['DIY_STANDARD', 'purchase_now'],
      ['REVIEW', 'not_available'],
      ['TRANSLATION', 'not_available'],
      ['CONSULTATION', 'not_available'],
    ]);
    expect(list[0]).toMatchObject({
      price: { amount: 59_900, currency: 'USD' },
      duration_months: 18,
      kind: 'base',
    });
    expect(list[0]!.description).toMatch(/single-person use/);
    expect(list.slice(1).map((p) => (p.price as Json).amount)).toEqual([29_900, 39_900, 9_900]);
    const zh = (await call('GET', '/api/customer/product/?project_code=USA_EB1A', { lang: 'zh' })).json();
    expect(zh[0].description).toMatch(/仅限单人使用/);
    expect((await call('GET', '/api/customer/product/')).json()).toHaveLength(8);
  });

  it('a buyer sees Purchased for what they hold and Buy now for the add-ons', async () => {
    const u = await login(t);
    await buyBase(u, 'USA_EB1A', ['REVIEW']);
    const r = await call('GET', '/api/customer/product/?project_code=USA_EB1A', { user: u });
    expect(r.json().map((p: Json) => p.display)).toEqual([
      'purchased',
      'purchased',
      'purchase_now',
      'purchase_now',
    ]);
    const niw = await call('GET', '/api/customer/product/?project_code=USA_NIW', { user: u });
    expect(niw.json().map((p: Json) => p.display)).toEqual([
      'purchase_now',
      'not_available',
      'not_available',
      'not_available',
    ]);
  });
});

describe('pricing (POST /api/customer/order/quote/)', () => {
  it('needs login: "Please log in to buy a service"', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const r = await call('POST', '/api/customer/order/quote/', { lang, payload: { product_ids: [1] } });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'login_for_purchase', msg: errMsg(lang, 'login_for_purchase') });
    }
    expect(errMsg('en', 'login_for_purchase')).toBe('Please log in to buy a service');
  });

  it('base service: amount, duration, expiry, rate and CNY amount', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const r = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      project_code: 'USA_EB1A',
      service_duration_months: 18,
      expires_at: '2028-05-21T08:00:00.000Z',
      amount: { amount: 59_900, currency: 'USD' },
      discount: { amount: 0, currency: 'USD' },
      order_total: { amount: 59_900, currency: 'USD' },
      payable: { amount: 59_900, currency: 'USD' },
      exchange_rate: '7.1000',
      payable_cny: { amount: 425_290, currency: 'CNY' },
      promo_code: null,
    });
  });

  it('promo codes on the first purchase; refused on the second; unknown code refused', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const q = (promo: string, productIds = [ids.DIY_STANDARD]) =>
      call('POST', '/api/customer/order/quote/', {
        user: u,
        payload: { product_ids: productIds, promo_code: promo },
      });
    const w = (await q('welcome50')).json();
    expect(w).toMatchObject({
      discount: { amount: 5_000 },
      payable: { amount: 54_900 },
      promo_code: 'WELCOME50',
    });
    expect(w.payable_cny.amount).toBe(389_790);
    const f = (await q('FIRST10', [ids.DIY_STANDARD!, ids.CONSULTATION!])).json();
    // 10 % of 69 800 = 6 980; 62 820 × 7.1 = 446 022.
    expect(f).toMatchObject({
      amount: { amount: 69_800 },
      discount: { amount: 6_980 },
      payable: { amount: 62_820 },
    });
    expect(f.payable_cny.amount).toBe(446_022);
    const bad = await q('NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('promo_invalid');

    await buyBase(u, 'USA_EB1A');
    const niw = await productIds('USA_NIW');
    for (const lang of ['zh', 'en'] as const) {
      const again = await call('POST', '/api/customer/order/quote/', {
        user: u,
        lang,
        payload: { product_ids: [niw.DIY_STANDARD], promo_code: 'WELCOME50' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'promo_first_purchase_only',
        msg: errMsg(lang, 'promo_first_purchase_only'),
      });
    }
  });

  it('an add-on alone is refused with its message; with the base it is fine; mixed projects refused', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const niw = await productIds('USA_NIW');
    for (const lang of ['zh', 'en'] as const) {
      const r = await call('POST', '/api/customer/order/quote/', {
        user: u,
        lang,
        payload: { product_ids: [ids.TRANSLATION] },
      });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'addon_requires_base', msg: errMsg(lang, 'addon_requires_base') });
    }
    expect(errMsg('en', 'addon_requires_base')).toMatch(/cannot be bought alone/);
    const both = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD, ids.TRANSLATION] },
    });
    expect(both.json().amount.amount).toBe(59_900 + 39_900);
    const mixed = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD, niw.REVIEW] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('order_mixed_projects');
    const missing = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [999_999] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('product_not_found');
  });

  it('an add-on alone after the base: expires with the base; the held base is already purchased', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    await buyBase(u);
    const r = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [ids.REVIEW] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ service_duration_months: null, expires_at: '2028-05-21T08:00:00.000Z' });
    const again = await call('POST', '/api/customer/order/quote/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_purchased');
  });

  it('the CNY amount comes from the rate in effect; an order keeps the rate stored at creation', async () => {
    const u = await login(t);
    const ids = await productIds('USA_NIW');
    const order = await createOrder(u, [ids.DIY_STANDARD!]);
    expect(order).toMatchObject({
      exchange_rate: '7.1000',
      payable_cny: { amount: 425_290, currency: 'CNY' },
    });
    // A later rate (far in the future so no other suite sees it), then the clock moves there.
    const [row] = await db()
      .insert(exchangeRate)
      .values({ rateE4: 72_345, effectiveAt: new Date('2031-01-01T00:00:00Z'), createdAt: START })
      .returning();
    try {
      t.clock.set(new Date('2031-01-02T00:00:00Z'));
      const u2 = await login(t);
      const q = await call('POST', '/api/customer/order/quote/', {
        user: u2,
        payload: { product_ids: [ids.DIY_STANDARD] },
      });
      // 59 900 × 7.2345 = 433 346.55 → 433 347 (half up)
      expect(q.json()).toMatchObject({ exchange_rate: '7.2345', payable_cny: { amount: 433_347 } });
      const kept = await orderRow(order.id);
      expect([kept.exchangeRateE4, kept.payableCnyMinor]).toEqual([71_000, 425_290]);
    } finally {
      t.clock.set(START);
      await db().delete(exchangeRate).where(eq(exchangeRate.id, row!.id));
    }
  });
});

describe('orders', () => {
  it('the purchase agreement must be accepted', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const r = await call('POST', '/api/customer/order/', {
      user: u,
      lang: 'zh',
      payload: { product_ids: [ids.DIY_STANDARD], agreement_accepted: false },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      code: 'purchase_agreement_required',
      msg: errMsg('zh', 'purchase_agreement_required'),
    });
  });

  it('creates a readable unique order; the same products again answer the same unpaid order; overlap refused', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const r = await call('POST', '/api/customer/order/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD], agreement_accepted: true },
    });
    expect(r.statusCode).toBe(201);
    const o = r.json();
    expect(o.order_no).toMatch(/^D20261121-[A-HJ-NP-Z2-9]{6}$/);
    expect(o).toMatchObject({
      status: 'unpaid',
      type: 'base',
      project_code: 'USA_EB1A',
      paid: null,
      paid_at: null,
      method: null,
      expires_at: '2026-11-22T08:00:00.000Z',
    });
    const same = await call('POST', '/api/customer/order/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD], agreement_accepted: true },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(o.id);
    const overlap = await call('POST', '/api/customer/order/', {
      user: u,
      payload: { product_ids: [ids.DIY_STANDARD, ids.REVIEW], agreement_accepted: true },
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('order_pending');
    // After cancelling, a new order can be made.
    const cancel = await call('POST', `/api/customer/order/${o.id}/cancel/`, { user: u, lang: 'zh' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      order: { status: 'cancelled' },
      msg: msgOf('zh', 'order_cancelled'),
    });
    const fresh = await createOrder(u, [ids.DIY_STANDARD!, ids.REVIEW!]);
    expect(fresh.id).not.toBe(o.id);
    const list = (await call('GET', '/api/customer/order/?page=1&size=10', { user: u })).json();
    expect(list.count).toBe(2);
    expect(list.results.map((x: Json) => x.id)).toEqual([fresh.id, o.id]);
  });

  it('the base with two add-ons: quote, order and payment keep all three lines, $599 + $299 + $399 = $1,297', async () => {
    // Issue 27 item 12: the shop lost an add-on on the way; the server must keep whatever it is sent.
    const u = await login(t);
    const ids = await productIds('USA_NIW');
    const wanted = [ids.TRANSLATION!, ids.DIY_STANDARD!, ids.REVIEW!];
    const lines = [
      ['DIY_STANDARD', 59_900],
      ['REVIEW', 29_900],
      ['TRANSLATION', 39_900],
    ];
    const q = await call('POST', '/api/customer/order/quote/', { user: u, payload: { product_ids: wanted } });
    expect(q.statusCode, q.body).toBe(200);
    const quoted = ZQuote.parse(q.json());
    expect(quoted.items.map((i) => [i.service, i.amount.amount])).toEqual(lines);
    expect([quoted.amount.amount, quoted.order_total.amount, quoted.payable.amount]).toEqual([
      129_700, 129_700, 129_700,
    ]);
    const o = await createOrder(u, wanted);
    expect(o.items.map((i) => [i.service, i.amount.amount])).toEqual(lines);
    expect([o.type, o.amount.amount, o.payable.amount]).toEqual(['base', 129_700, 129_700]);
    const token = await openCheckout(u, o.id);
    const session = (await call('GET', `/api/payment/sandbox/session/${token}/`)).json();
    expect(session.amount).toEqual({ amount: 129_700, currency: 'USD' });
    expect((await completeSandbox(token)).order_status).toBe('paid');
    const paid = ZOrder.parse((await call('GET', `/api/customer/order/${o.id}/`, { user: u })).json());
    expect(paid.items.map((i) => i.service)).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
    expect(paid).toMatchObject({ status: 'paid', paid: { amount: 129_700, currency: 'USD' } });
    const rights = (await call('GET', '/api/customer/customer/my_rights/', { user: u })).json();
    expect(rights.map((r: Json) => r.service).sort()).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
  });

  it("customer A cannot see, pay, cancel or mark B's order (404)", async () => {
    const a = await login(t);
    const b = await login(t);
    const ids = await productIds('USA_EB1A');
    const ob = await createOrder(b, [ids.DIY_STANDARD!]);
    expect((await call('GET', `/api/customer/order/${ob.id}/`, { user: a })).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/customer/order/${ob.id}/pay/`, { user: a, payload: { method: 'online' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/customer/order/${ob.id}/pay/`, {
          user: a,
          payload: { method: 'bank_transfer' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/customer/order/${ob.id}/cancel/`, { user: a })).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/customer/order/${ob.id}/transfer_completed/`, { user: a })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/customer/order/', { user: a })).json().count).toBe(0);
    expect((await orderRow(ob.id)).status).toBe('unpaid');
    expect((await call('GET', `/api/customer/order/${ob.id}/`, { user: b })).statusCode).toBe(200);
  });

  it('a refused transition answers 409 with its message (cancel a paid order)', async () => {
    const u = await login(t);
    const o = await buyBase(u, 'USA_NIW');
    for (const lang of ['zh', 'en'] as const) {
      const r = await call('POST', `/api/customer/order/${o.id}/cancel/`, { user: u, lang });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        code: 'order_transition_refused',
        msg: errMsg(lang, 'order_transition_refused'),
      });
    }
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, {
      user: u,
      payload: { method: 'online' },
    });
    expect(pay.statusCode).toBe(409);
  });
});

describe('payments: sandbox checkout and webhooks', () => {
  it('online payment through the TEST checkout activates the service, plan, rights and notifies', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const o = await createOrder(u, [ids.DIY_STANDARD!, ids.TRANSLATION!]);
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, {
      user: u,
      payload: { method: 'online' },
    });
    expect(pay.json()).toMatchObject({ kind: 'redirect', method: 'online' });
    expect(pay.json().redirect_url).toMatch(/^\/payService\/sandbox\?token=sbx_/);
    const token = new URL(pay.json().redirect_url, 'http://x').searchParams.get('token')!;
    const session = await call('GET', `/api/payment/sandbox/session/${token}/`);
    expect(session.json()).toEqual({
      token,
      order_no: o.order_no,
      method: 'online',
      amount: { amount: 99_800, currency: 'USD' },
      status: 'open',
    });
    const done = await call('POST', `/api/payment/sandbox/session/${token}/complete/`, {
      payload: { outcome: 'paid' },
    });
    expect(done.json()).toEqual({
      redirect_url: `/personalCenter/purchaseRecord?order=${o.order_no}`,
      order_status: 'paid',
    });
    const view = (await call('GET', `/api/customer/order/${o.id}/`, { user: u })).json();
    expect(view).toMatchObject({
      status: 'paid',
      paid_at: START.toISOString(),
      method: 'online',
      paid: { amount: 99_800, currency: 'USD' },
    });
    const rights = (await call('GET', '/api/customer/customer/my_rights/', { user: u })).json();
    expect(rights.map((r: Json) => [r.service, r.status, r.expires_at, r.order_no])).toEqual(
      expect.arrayContaining([
        ['DIY_STANDARD', 'active', '2028-05-21T08:00:00.000Z', o.order_no],
        ['TRANSLATION', 'active', '2028-05-21T08:00:00.000Z', o.order_no],
      ]),
    );
    expect(rights.find((r: Json) => r.service === 'TRANSLATION').task_status).toBe('can_submit');
    const bought = (
      await call('GET', '/api/customer/customer/my_bought_project_services/', { user: u })
    ).json();
    expect(bought).toEqual([
      {
        project_id: expect.any(Number),
        project_code: 'USA_EB1A',
        workbench_path: '/EB-1A',
        services: ['DIY_STANDARD', 'TRANSLATION'],
        status: 'active',
        expires_at: '2028-05-21T08:00:00.000Z',
        read_only: false,
      },
    ]);
    const plans = (await call('GET', '/api/customer/plan/?project_code=USA_EB1A', { user: u })).json();
    expect(plans.count).toBe(1);
    expect(plans.results[0]).toMatchObject({ name: 'EB-1A Extraordinary Ability plan', status: 'active' });
    expect(plans.results[0].records.map((r: Json) => [r.index, r.content])).toEqual([
      [1, `DIY Standard activated (order ${o.order_no}), valid until 2028-05-21`],
      [2, `Translation added (order ${o.order_no}), valid until 2028-05-21`],
    ]);
    // The key and parameters too, the expiry as an instant: a screen shows it in the reader's time zone.
    expect(plans.results[0].records[0].message).toEqual({
      key: 'messages:plan_record_activated',
      params: { service: 'DIY_STANDARD', order_no: o.order_no, until: '2028-05-21T08:00:00.000Z' },
    });
    const zhPlans = (await call('GET', '/api/customer/plan/', { user: u, lang: 'zh' })).json();
    expect(zhPlans.results[0].records[0].content).toContain('DIY 标准版已开通');
    const notes = await db().select().from(notification).where(eq(notification.customerId, u.customerId));
    expect(notes.map((n) => n.key)).toContain('order_paid');
    const access = await call('GET', '/api/customer/workbench/access/?project_code=USA_EB1A', { user: u });
    expect(access.json()).toEqual({
      project_code: 'USA_EB1A',
      status: 'active',
      expires_at: '2028-05-21T08:00:00.000Z',
      read_only: false,
      services: ['DIY_STANDARD', 'TRANSLATION'],
    });
  });

  it('wallet payment is in CNY at the stored rate; a failed attempt can be paid again', async () => {
    const u = await login(t);
    const ids = await productIds('USA_NIW');
    const o = await createOrder(u, [ids.DIY_STANDARD!]);
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, {
      user: u,
      payload: { method: 'wallet' },
    });
    const token = new URL(pay.json().redirect_url, 'http://x').searchParams.get('token')!;
    const session = (await call('GET', `/api/payment/sandbox/session/${token}/`)).json();
    expect(session.amount).toEqual({ amount: 425_290, currency: 'CNY' });
    const failed = await call('POST', `/api/payment/sandbox/session/${token}/complete/`, {
      payload: { outcome: 'failed' },
    });
    expect(failed.json().order_status).toBe('failed');
    const paid = await payWithSandbox(u, o.id, 'wallet');
    expect(paid.order_status).toBe('paid');
    const rows = await paymentsOf(o.id);
    expect(rows.map((p) => [p.status, p.currency, p.amountMinor]).sort()).toEqual([
      ['failed', 'CNY', 425_290],
      ['succeeded', 'CNY', 425_290],
    ]);
  });

  async function orderWithCheckout(method: 'online' | 'wallet' = 'online') {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const o = await createOrder(u, [ids.DIY_STANDARD!]);
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, { user: u, payload: { method } });
    const token = new URL(pay.json().redirect_url, 'http://x').searchParams.get('token')!;
    return { u, o, token };
  }
  const deliver = (signed: { headers: Record<string, string>; rawBody: Buffer }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox/',
      headers: signed.headers,
      payload: signed.rawBody,
    });
  const eventsOf = (orderNo: string) =>
    db().select().from(paymentEvent).where(eq(paymentEvent.orderNo, orderNo));

  it('a replayed webhook records one payment (and so do two simultaneous identical deliveries)', async () => {
    const { o, token } = await orderWithCheckout();
    const signed = t.ctx.payments.sandbox.signEvent({
      eventId: `evt_replay_${o.id}`,
      orderNo: o.order_no,
      providerRef: token,
      outcome: 'succeeded',
      amountMinor: 59_900,
      currency: 'USD',
      now: t.clock.now(),
    });
    const first = await deliver(signed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await deliver(signed);
    expect(second.statusCode).toBe(200);
    expect(await paymentsOf(o.id)).toHaveLength(1);
    expect((await eventsOf(o.order_no)).map((e) => e.outcome)).toEqual(['recorded', 'duplicate']);

    const c = await orderWithCheckout();
    const twin = t.ctx.payments.sandbox.signEvent({
      eventId: `evt_twin_${c.o.id}`,
      orderNo: c.o.order_no,
      providerRef: c.token,
      outcome: 'succeeded',
      amountMinor: 59_900,
      currency: 'USD',
      now: t.clock.now(),
    });
    const both = await Promise.all([deliver(twin), deliver(twin)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await paymentsOf(c.o.id)).toHaveLength(1);
    expect((await eventsOf(c.o.order_no)).map((e) => e.outcome).sort()).toEqual(['duplicate', 'recorded']);
    const ents = await db().select().from(entitlement).where(eq(entitlement.customerId, c.u.customerId));
    expect(ents).toHaveLength(1);
  });

  it('a wrong signature, amount or currency, or an unknown order is refused (400) and logged', async () => {
    const { o, token } = await orderWithCheckout();
    const sign = (
      over: Partial<{ amountMinor: number; currency: 'USD' | 'CNY'; orderNo: string }>,
      id: string,
    ) =>
      t.ctx.payments.sandbox.signEvent({
        eventId: id,
        orderNo: o.order_no,
        providerRef: token,
        outcome: 'succeeded',
        amountMinor: 59_900,
        currency: 'USD',
        now: t.clock.now(),
        ...over,
      });
    const good = sign({}, `evt_tamper_${o.id}`);
    const tampered = {
      headers: good.headers,
      rawBody: Buffer.from(good.rawBody.toString().replace('59900', '100')),
    };
    const cases = [
      [tampered, 'signature mismatch'],
      [sign({ amountMinor: 100 }, `evt_amount_${o.id}`), 'amount 100 USD'],
      [sign({ currency: 'CNY' }, `evt_currency_${o.id}`), 'amount 59900 CNY'],
    ] as const;
    for (const [signed, reason] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook/sandbox/',
          headers: { ...signed.headers, Language: lang },
          payload: signed.rawBody,
        });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ code: 'webhook_refused', msg: errMsg(lang, 'webhook_refused') });
      }
      const logged = await db().select().from(paymentEvent).where(eq(paymentEvent.outcome, 'refused'));
      expect(logged.some((e) => e.reason?.includes(reason))).toBe(true);
    }
    const unknown = await deliver(sign({ orderNo: 'D20261121-NOSUCH' }, `evt_unknown_${o.id}`));
    expect(unknown.statusCode).toBe(400);
    const logged = await eventsOf('D20261121-NOSUCH');
    expect(logged.map((e) => [e.outcome, e.reason])).toContainEqual(['refused', 'unknown order']);
    expect(await paymentsOf(o.id)).toHaveLength(0);
    expect((await orderRow(o.id)).status).toBe('unpaid');
    // A provider that is not configured has no webhook.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/webhook/stripe/', payload: {} })).statusCode,
    ).toBe(404);
  });
});

describe('bank transfer and the staff API', () => {
  /** A staff POST as finance; a confirmation carries a fresh Idempotency-Key unless one is given. */
  const staff = (url: string, payload: Json, token?: string | null, lang = 'en', key: string = newKey()) =>
    staffCall('POST', url, {
      payload,
      lang,
      ...(token !== undefined ? { token } : {}),
      headers: url.endsWith('/confirm_transfer/') ? { 'Idempotency-Key': key } : {},
    });

  async function transferOrder(project: 'USA_EB1A' | 'USA_NIW' = 'USA_NIW') {
    const u = await login(t);
    const ids = await productIds(project);
    const o = await createOrder(u, [ids.DIY_STANDARD!]);
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, {
      user: u,
      payload: { method: 'bank_transfer' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    return { u, o, pay: pay.json() };
  }

  it('bank details, amount in CNY, remittance note = the phone; transfer completed → awaiting confirmation', async () => {
    const { u, o, pay } = await transferOrder();
    expect(pay).toMatchObject({
      kind: 'bank_transfer',
      amount_cny: { amount: 425_290, currency: 'CNY' },
      remittance_note: u.phone,
    });
    expect(pay.bank.account_name).toMatch(/DEMO/);
    for (const lang of ['zh', 'en'] as const) {
      const r = await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u, lang });
      if (lang === 'zh') {
        expect(r.statusCode).toBe(200);
        expect(r.json()).toMatchObject({
          order: { status: 'processing' },
          msg: msgOf('zh', 'transfer_marked'),
        });
      } else {
        expect(r.statusCode).toBe(409);
      }
    }
    expect(msgOf('en', 'transfer_marked')).toBe(
      'Thank you. Our staff will confirm your transfer once it arrives',
    );
  });

  it('the staff API refuses a missing or wrong token (401)', async () => {
    const { o } = await transferOrder();
    for (const token of [null, 'wrong-token-wrong-token', '']) {
      const r = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, {}, token, 'zh');
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'staff_unauthorized', msg: errMsg('zh', 'staff_unauthorized') });
    }
    expect((await orderRow(o.id)).status).toBe('unpaid');
  });

  it('staff confirm → paid, entitlement, plan, notification, audit', async () => {
    const { u, o } = await transferOrder();
    await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u });
    const key = newKey();
    const r = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, {}, undefined, 'en', key);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'paid',
      method: 'bank_transfer',
      paid: { amount: 425_290, currency: 'CNY' },
    });
    const pays = await paymentsOf(o.id);
    expect(pays.map((p) => [p.provider, p.providerEventId, p.confirmedBy])).toEqual([
      ['bank_transfer', `confirm:${o.id}:${key}`, (await finance()).username],
    ]);
    const ents = await db().select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
    expect(ents.map((e) => e.service)).toEqual(['DIY_STANDARD']);
    const plans = await db().select().from(plan).where(eq(plan.customerId, u.customerId));
    expect(plans).toHaveLength(1);
    expect(await db().select().from(planRecord).where(eq(planRecord.planId, plans[0]!.id))).toHaveLength(1);
    const notes = await db().select().from(notification).where(eq(notification.customerId, u.customerId));
    expect(notes.map((n) => n.key)).toContain('order_paid');
    const audits = await db()
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetId, String(o.id)), eq(staffAudit.action, 'order.confirm_transfer')));
    expect(audits.map((a) => [a.actor, a.staffId, (a.detail as Json).result, a.before, a.after])).toEqual([
      [
        (await finance()).username,
        (await finance()).id,
        'paid',
        { status: 'processing' },
        { status: 'paid' },
      ],
    ]);
    const access = await call('GET', '/api/customer/workbench/access/?project_code=USA_NIW', { user: u });
    expect(access.json()).toMatchObject({ status: 'active', read_only: false });
    // A second confirmation (another click) is refused and records nothing; the same one replayed
    // answers the paid order again.
    const again = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, {});
    expect(again.statusCode).toBe(409);
    const replay = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, {}, undefined, 'en', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(r.json());
    expect(await paymentsOf(o.id)).toHaveLength(1);
  });

  it('less than due → partly paid; the rest → paid', async () => {
    const { u, o } = await transferOrder();
    await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u });
    const part = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, { received_cny: 200_000 });
    expect(part.json()).toMatchObject({ status: 'partly_paid', paid: { amount: 200_000, currency: 'CNY' } });
    const pay = await call('POST', `/api/customer/order/${o.id}/pay/`, {
      user: u,
      payload: { method: 'bank_transfer' },
    });
    expect(pay.json().amount_cny.amount).toBe(225_290);
    expect(
      (await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u })).statusCode,
    ).toBe(200);
    const rest = await staff(`/api/staff/order/${o.id}/confirm_transfer/`, {});
    expect(rest.json()).toMatchObject({ status: 'paid', paid: { amount: 425_290 } });
    const notes = await db().select().from(notification).where(eq(notification.customerId, u.customerId));
    expect(notes.map((n) => n.key)).toEqual(expect.arrayContaining(['order_partly_paid', 'order_paid']));
  });

  it('staff reject → payment failed with the reason, customer notified', async () => {
    const { u, o } = await transferOrder();
    await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u });
    const r = await staff(`/api/staff/order/${o.id}/reject_transfer/`, { reason: 'No remittance found' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('failed');
    expect((await orderRow(o.id)).statusReason).toBe('rejected: No remittance found');
    const notes = await db().select().from(notification).where(eq(notification.customerId, u.customerId));
    expect(notes.find((n) => n.key === 'transfer_rejected')?.params).toMatchObject({
      reason: 'No remittance found',
    });
    expect((await staff(`/api/staff/order/${o.id}/reject_transfer/`, { reason: 'again' })).statusCode).toBe(
      409,
    );
    expect(
      await db().select().from(entitlement).where(eq(entitlement.customerId, u.customerId)),
    ).toHaveLength(0);
  });

  it('CONCURRENCY: two simultaneous confirmations record one payment and one entitlement per item', async () => {
    const u = await login(t);
    const ids = await productIds('USA_EB1A');
    const o = await createOrder(u, [ids.DIY_STANDARD!, ids.REVIEW!, ids.CONSULTATION!]);
    await call('POST', `/api/customer/order/${o.id}/pay/`, { user: u, payload: { method: 'bank_transfer' } });
    await call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u });
    // The same click sent twice (one key): both answer the paid order.
    const key = newKey();
    const url = `/api/staff/order/${o.id}/confirm_transfer/`;
    const same = await Promise.all([
      staff(url, {}, undefined, 'en', key),
      staff(url, {}, undefined, 'en', key),
    ]);
    expect(same.map((r) => [r.statusCode, r.json().status])).toEqual([
      [200, 'paid'],
      [200, 'paid'],
    ]);
    // Two clicks (two keys) after it: refused, nothing more recorded.
    const rs = await Promise.all([staff(url, {}), staff(url, {})]);
    expect(rs.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await paymentsOf(o.id)).toHaveLength(1);
    const ents = await db().select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
    expect(ents.map((e) => e.service).sort()).toEqual(['CONSULTATION', 'DIY_STANDARD', 'REVIEW']);
    expect((await orderRow(o.id)).status).toBe('paid');
  });
});

describe('gating (workbench access)', () => {
  it('no base service: 403 purchase_required in zh and en', async () => {
    const u = await login(t);
    for (const lang of ['zh', 'en'] as const) {
      const r = await call('GET', '/api/customer/workbench/access/?project_code=USA_EB1A', { user: u, lang });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 'purchase_required', msg: errMsg(lang, 'purchase_required') });
    }
    expect(errMsg('en', 'purchase_required')).toBe(
      'You have not bought the DIY service yet. This is available once you buy it.',
    );
  });

  it('an add-on the customer lacks: buy_to_view (read) and purchase_before_use (write)', async () => {
    const u = await login(t);
    await buyBase(u, 'USA_EB1A');
    const mini = Fastify();
    registerI18n(mini);
    registerErrorHandling(mini);
    registerAuth(mini);
    const onRequest = requireCustomer(t.ctx);
    mini.get(
      '/read',
      { onRequest, preHandler: requireEntitlement(t.ctx, () => 'USA_EB1A', { service: 'TRANSLATION' }) },
      async () => ({ ok: true }),
    );
    mini.post(
      '/write',
      {
        onRequest,
        preHandler: requireEntitlement(t.ctx, () => 'USA_EB1A', { service: 'REVIEW', write: true }),
      },
      async () => ({ ok: true }),
    );
    mini.get(
      '/base',
      { onRequest, preHandler: requireEntitlement(t.ctx, () => 'USA_EB1A') },
      async (req) => ({
        services: req.workbenchAccess?.services,
      }),
    );
    for (const lang of ['zh', 'en'] as const) {
      const h = { ...u.auth, Language: lang };
      const read = await mini.inject({ method: 'GET', url: '/read', headers: h });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ code: 'buy_to_view', msg: errMsg(lang, 'buy_to_view') });
      const write = await mini.inject({ method: 'POST', url: '/write', headers: h });
      expect(write.json()).toEqual({ code: 'purchase_before_use', msg: errMsg(lang, 'purchase_before_use') });
    }
    expect((await mini.inject({ method: 'GET', url: '/base', headers: u.auth })).json()).toEqual({
      services: ['DIY_STANDARD'],
    });
    await mini.close();
  });

  it('an expired base: reads allowed (read-only), writes 403 entitlement_expired; renewal can be quoted', async () => {
    const u0 = await login(t);
    await buyBase(u0, 'USA_EB1A');
    const plans = (await call('GET', '/api/customer/plan/', { user: u0 })).json();
    const planId = plans.results[0].id;
    const apply = await call('PATCH', `/api/customer/plan/${planId}/apply_print_material/`, { user: u0 });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json().records.at(-1).content).toBe('Print request submitted');
    try {
      t.clock.set(new Date('2028-05-22T08:00:00Z'));
      const u = await login(t, { phone: u0.phone });
      const access = await call('GET', '/api/customer/workbench/access/?project_code=USA_EB1A', { user: u });
      expect(access.statusCode).toBe(200);
      expect(access.json()).toMatchObject({ status: 'expired', read_only: true });
      for (const lang of ['zh', 'en'] as const) {
        const r = await call('PATCH', `/api/customer/plan/${planId}/apply_print_material/`, {
          user: u,
          lang,
        });
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ code: 'entitlement_expired', msg: errMsg(lang, 'entitlement_expired') });
      }
      const ids = await productIds('USA_EB1A');
      const renew = await call('POST', '/api/customer/order/quote/', {
        user: u,
        payload: { product_ids: [ids.DIY_STANDARD] },
      });
      expect(renew.statusCode, renew.body).toBe(200);
      expect(renew.json().expires_at).toBe('2029-11-22T08:00:00.000Z');
      // Renewed: writable again, one plan with a renewal record.
      const o = await createOrder(u, [ids.DIY_STANDARD!]);
      await payWithSandbox(u, o.id);
      const after = await call('PATCH', `/api/customer/plan/${planId}/apply_print_material/`, { user: u });
      expect(after.statusCode).toBe(200);
      expect(after.json().records.map((r: Json) => r.content)).toEqual([
        expect.stringMatching(/^DIY Standard activated/),
        'Print request submitted',
        expect.stringMatching(/^DIY Standard renewed .* valid until 2029-11-22$/),
        'Print request submitted',
      ]);
      // Another customer's plan: 404.
      const other = await login(t);
      expect(
        (await call('PATCH', `/api/customer/plan/${planId}/apply_print_material/`, { user: other }))
          .statusCode,
      ).toBe(404);
    } finally {
      t.clock.set(START);
    }
  });
});

describe('unpaid expiry', () => {
  it('an unpaid order expires after ORDER_UNPAID_TTL_MINUTES: on read and by the job step', async () => {
    const u0 = await login(t);
    const ids = await productIds('USA_EB1A');
    const a = await createOrder(u0, [ids.DIY_STANDARD!]);
    const other = await login(t);
    const b = await createOrder(other, [ids.DIY_STANDARD!]);
    try {
      t.clock.set(new Date(START.getTime() + 1439 * 60_000));
      expect(await expireDue(db(), t.clock.now(), u0.customerId)).toBe(0);
      t.clock.set(new Date(START.getTime() + 1441 * 60_000));
      const u = await login(t, { phone: u0.phone });
      const view = (await call('GET', `/api/customer/order/${a.id}/`, { user: u })).json();
      expect(view.status).toBe('cancelled');
      expect((await orderRow(a.id)).statusReason).toBe('expired');
      const pay = await call('POST', `/api/customer/order/${a.id}/pay/`, {
        user: u,
        payload: { method: 'online' },
      });
      expect(pay.statusCode).toBe(409);
      expect(await expireDue(db(), t.clock.now(), other.customerId)).toBe(1);
      expect((await orderRow(b.id)).status).toBe('cancelled');
    } finally {
      t.clock.set(START);
    }
  });
});
