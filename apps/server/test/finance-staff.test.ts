/**
 * The finance staff API (issue 16 item 7; decision 0034): orders search and detail, payment flags resolved with
 * a note, the catalogue, exchange rate and promo codes, whose changes apply to new orders only. Every mutating
 * call leaves an audit row. On PostgreSQL every suite shares one database: the price change here touches a
 * product no other suite buys (NIW consultation) and is undone; the exchange rate posted takes effect in 2300.
 */
import { ZStaffOrderPage } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFlag, staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';
import { newStaff } from './staff-factories.ts';

let t: TestApp;
const s = shopHelpers(() => t);
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const get = (url: string, lang = 'en') => s.staff('GET', url, { lang });
const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { Language: lang },
    payload,
  });
/** A mutating call as the finance member (PATCH too, which shopHelpers.staff does not send). */
async function mutate(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, lang = 'en') {
  const me = await s.finance();
  const r = await t.app.inject({
    method,
    url,
    headers: { Language: lang, authorization: `Bearer ${me.token}` },
    payload,
  });
  return r;
}

const auditOf = (action: string, targetId: string | number) =>
  t.ctx.db.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, action), eq(staffAudit.targetId, String(targetId))));

describe('orders search', () => {
  it('by order number, phone, status and creation day, paged; the detail lists payments', async () => {
    const u = await login(t);
    const paid = await s.buyBase(u);
    const ids = await s.productIds('USA_NIW');
    const open = await s.createOrder(u, [ids.DIY_STANDARD!]);

    const byNo = ZStaffOrderPage.parse((await get(`/api/staff/order/?order_no=${paid.order_no}`)).json());
    expect(byNo.results.map((o) => o.id)).toEqual([paid.id]);
    expect(byNo.results[0]!.customer_phone).toContain(u.phone);
    expect(byNo.results[0]!.payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        status: 'succeeded',
        amount: { amount: 59_900, currency: 'USD' },
      }),
    ]);

    const byPhone = ZStaffOrderPage.parse((await get(`/api/staff/order/?phone=${u.phone}&size=10`)).json());
    expect(byPhone.results.map((o) => o.id).sort()).toEqual([paid.id, open.id].sort());
    const unpaid = ZStaffOrderPage.parse(
      (await get(`/api/staff/order/?phone=${u.phone}&status=unpaid`)).json(),
    );
    expect(unpaid.results.map((o) => o.id)).toEqual([open.id]);
    const day = t.clock.now().toISOString().slice(0, 10);
    const today = ZStaffOrderPage.parse(
      (await get(`/api/staff/order/?phone=${u.phone}&from=${day}&to=${day}`)).json(),
    );
    expect(today.count).toBe(2);
    const before = ZStaffOrderPage.parse(
      (await get(`/api/staff/order/?phone=${u.phone}&to=2000-01-01`)).json(),
    );
    expect(before.count).toBe(0);
    const paged = ZStaffOrderPage.parse(
      (await get(`/api/staff/order/?phone=${u.phone}&size=1&page=2`)).json(),
    );
    expect(paged).toMatchObject({ count: 2 });
    expect(paged.results).toHaveLength(1);

    const detail = await get(`/api/staff/order/${paid.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: paid.id, status: 'paid', refundable: { provider: 'sandbox' } });
    expect((await get('/api/staff/order/2147483000/')).statusCode).toBe(404);
    const bad = await get('/api/staff/order/?status=lost');
    expect(bad.statusCode).toBe(400);
    const badDay = await get('/api/staff/order/?from=yesterday', 'zh');
    expect(badDay.statusCode).toBe(400);
  });

  it('is refused to other roles', async () => {
    for (const role of ['reviewer', 'consultant', 'content_editor', 'translator'] as const) {
      const who = await newStaff(t, role);
      const r = await s.staff('GET', '/api/staff/order/', { token: who.token });
      expect(r.statusCode, role).toBe(403);
    }
    expect((await send('POST', '/api/staff/payment_flag/1/resolve/', { note: 'x' })).statusCode).toBe(401);
  });
});

describe('payment flags', () => {
  it('an overpayment flag is resolved once with a note, audited; a second resolve → 409', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    const extra = await s.deliverSandbox(
      s.signSandbox({ eventId: `extra-${order.id}`, orderNo: order.order_no }),
    );
    expect(extra.statusCode, extra.body).toBe(200);
    const open = (await get(`/api/staff/payment_flag/?order_id=${order.id}`)).json();
    expect(open.results).toEqual([
      expect.objectContaining({ kind: 'overpayment', order_no: order.order_no }),
    ]);
    const id = open.results[0].id;

    const r = await mutate('POST', `/api/staff/payment_flag/${id}/resolve/`, {
      note: 'refunded the extra payment',
    });
    expect(r.statusCode, r.body).toBe(200);
    const me = await s.finance();
    expect(r.json()).toMatchObject({
      id,
      resolution_note: 'refunded the extra payment',
      resolved_by: me.username,
    });
    expect(r.json().resolved_at).not.toBeNull();
    expect((await get(`/api/staff/payment_flag/?order_id=${order.id}`)).json().results).toEqual([]);
    const [row] = await t.ctx.db.db.select().from(paymentFlag).where(eq(paymentFlag.id, id));
    expect(row!.resolutionNote).toBe('refunded the extra payment');
    expect(await auditOf('payment_flag.resolve', id)).toHaveLength(1);

    const again = await mutate('POST', `/api/staff/payment_flag/${id}/resolve/`, { note: 'again' }, 'zh');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'flag_already_resolved', msg: '该标记已处理' });
    expect(
      (await mutate('POST', '/api/staff/payment_flag/2147483000/resolve/', { note: 'x' })).statusCode,
    ).toBe(404);
    expect((await mutate('POST', `/api/staff/payment_flag/${id}/resolve/`, { note: ' ' })).statusCode).toBe(
      400,
    );
  });
});

describe('catalogue, exchange rate and promo codes: new orders only', () => {
  it('a price change does not alter an existing order; a new order pays the new price; audited', async () => {
    const u = await login(t);
    const products = (await get('/api/staff/product/')).json() as {
      id: number;
      project_code: string;
      service: string;
      price: { amount: number };
    }[];
    const consult = products.find((p) => p.project_code === 'USA_NIW' && p.service === 'CONSULTATION')!;
    const niw = products.find((p) => p.project_code === 'USA_NIW' && p.service === 'DIY_STANDARD')!;
    const oldPrice = consult.price.amount;
    const existing = await s.createOrder(u, [niw.id, consult.id]);
    try {
      const r = await mutate('PATCH', `/api/staff/product/${consult.id}/`, { price_minor: oldPrice + 1_000 });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().price.amount).toBe(oldPrice + 1_000);
      // The existing order keeps its amounts.
      const again = (await s.call('GET', `/api/customer/order/${existing.id}/`, { user: u })).json();
      expect(again.amount).toEqual(existing.amount);
      expect(again.payable_cny).toEqual(existing.payable_cny);
      expect(again.items.find((i: { service: string }) => i.service === 'CONSULTATION').amount).toEqual(
        existing.items.find((i) => i.service === 'CONSULTATION')!.amount,
      );
      // A quote for a new order uses the new price.
      const quote = await s.call('POST', '/api/customer/order/quote/', {
        user: u,
        payload: { product_ids: [niw.id, consult.id] },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().amount.amount).toBe(existing.amount.amount + 1_000);
      const audit = await auditOf('product.update', consult.id);
      expect(audit.at(-1)).toMatchObject({
        before: { price_minor: oldPrice, active: true },
        after: { price_minor: oldPrice + 1_000, active: true },
      });
    } finally {
      const undo = await mutate('PATCH', `/api/staff/product/${consult.id}/`, { price_minor: oldPrice });
      expect(undo.statusCode).toBe(200);
    }
    const empty = await mutate('PATCH', `/api/staff/product/${consult.id}/`, {});
    expect(empty.statusCode).toBe(400);
    const negative = await mutate('PATCH', `/api/staff/product/${consult.id}/`, { price_minor: -1 });
    expect(negative.statusCode).toBe(400);
  });

  it('an exchange rate is added for later orders; the rate in force and existing orders are unchanged', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const order = await s.createOrder(u, [ids.DIY_STANDARD!]);
    const before = (await get('/api/staff/exchange_rate/')).json();
    const r = await mutate('POST', '/api/staff/exchange_rate/', {
      rate: '7.5',
      effective_at: '2300-06-01T00:00:00Z',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ rate: '7.5000', effective_at: '2300-06-01T00:00:00.000Z' });
    const after = (await get('/api/staff/exchange_rate/')).json();
    expect(after.current).toEqual(before.current);
    expect(after.history[0]).toMatchObject({ rate: '7.5000' });
    const again = (await s.call('GET', `/api/customer/order/${order.id}/`, { user: u })).json();
    expect(again.exchange_rate).toBe(order.exchange_rate);
    expect(again.payable_cny).toEqual(order.payable_cny);
    expect(await auditOf('exchange_rate.create', r.json().id)).toHaveLength(1);
    for (const rate of ['0', '-7', '7.12345', 'seven']) {
      const bad = await mutate('POST', '/api/staff/exchange_rate/', { rate });
      expect(bad.statusCode, rate).toBe(400);
    }
  });

  it('a promo code is created, works on a quote, is disabled, then refused; a taken code → 409', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const code = `FIN${process.pid}${Date.now() % 100_000}`;
    const made = await mutate('POST', '/api/staff/promo_code/', {
      code: code.toLowerCase(),
      kind: 'percent',
      value: 20,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ code, kind: 'percent', value: 20, active: true, referral: false });
    const quote = (promo: string) =>
      s.call('POST', '/api/customer/order/quote/', {
        user: u,
        payload: { product_ids: [ids.DIY_STANDARD!], promo_code: promo },
      });
    const q1 = await quote(code);
    expect(q1.statusCode, q1.body).toBe(200);
    expect(q1.json().discount.amount).toBe(11_980);
    const taken = await mutate('POST', '/api/staff/promo_code/', { code, kind: 'amount', value: 100 }, 'zh');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'promo_code_taken', msg: '该优惠码已存在' });
    const tooMuch = await mutate('POST', '/api/staff/promo_code/', {
      code: `${code}X`,
      kind: 'percent',
      value: 150,
    });
    expect(tooMuch.statusCode).toBe(400);

    const off = await mutate('POST', `/api/staff/promo_code/${made.json().id}/disable/`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    const q2 = await quote(code);
    expect(q2.statusCode).toBe(400);
    expect(q2.json().code).toBe('promo_invalid');
    const list = (await get('/api/staff/promo_code/?size=200')).json();
    expect(list.results.find((p: { code: string }) => p.code === code)).toMatchObject({ active: false });
    expect(await auditOf('promo_code.create', made.json().id)).toHaveLength(1);
    expect(await auditOf('promo_code.disable', made.json().id)).toHaveLength(1);
  });
});
