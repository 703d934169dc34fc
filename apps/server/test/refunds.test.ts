/**
 * Refunds (issue 16 item 7; decision 0034) through the staff API, on orders paid with the sandbox provider and
 * by bank transfer: the order ends refunded, its entitlements withdrawn (the workbench turns read-only), the
 * customer notified in their language in the refund's transaction, an audit row; two refunds at once → one;
 * an unpaid order → 409 with a message; roles other than admin and finance refused. The Stripe adapter's
 * refund against a stand-in of Stripe's API is in shop-stripe.test.ts.
 */
import { ZStaffOrder } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlement, orderItem, refund, staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type LoggedIn, login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';
import { newStaff } from './staff-factories.ts';

let t: TestApp;
const s = shopHelpers(() => t);
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const refundCall = (orderId: number, payload: Record<string, unknown>, key = s.newKey(), lang = 'en') =>
  s.staff('POST', `/api/staff/order/${orderId}/refund/`, {
    payload,
    lang,
    headers: { 'Idempotency-Key': key },
  });

const notifications = async (user: LoggedIn, lang: 'zh' | 'en') =>
  (
    await t.app.inject({
      url: '/api/customer/notification/?page=1&size=50',
      headers: { ...user.auth, Language: lang },
    })
  ).json().results as { message: string }[];

const access = (user: LoggedIn) =>
  t.app.inject({ url: '/api/customer/workbench/access/?project_code=USA_EB1A', headers: user.auth });

const entitlementsOf = async (orderId: number) =>
  t.ctx.db.db
    .select({ e: entitlement })
    .from(entitlement)
    .innerJoin(orderItem, eq(entitlement.orderItemId, orderItem.id))
    .where(eq(orderItem.orderId, orderId));

describe('refund of a sandbox payment', () => {
  it('paid → refunded: entitlement withdrawn (workbench read-only, writes refused), customer notified in zh and en, audited', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    expect((await access(u)).json().read_only).toBe(false);
    const before = ZStaffOrder.parse((await s.staff('GET', `/api/staff/order/${order.id}/`)).json());
    expect(before.status).toBe('paid');
    expect(before.refundable).toMatchObject({
      provider: 'sandbox',
      amount: { amount: 59_900, currency: 'USD' },
    });

    const key = s.newKey();
    const r = await refundCall(order.id, { reason: 'customer changed their mind' }, key);
    expect(r.statusCode, r.body).toBe(200);
    const after = ZStaffOrder.parse(r.json());
    expect(after.status).toBe('refunded');
    expect(after.refundable).toBeNull();
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({
      status: 'succeeded',
      provider: 'sandbox',
      amount: { amount: 59_900, currency: 'USD' },
      reason: 'customer changed their mind',
    });
    expect(after.refunds[0]!.provider_refund_id).toMatch(/^sbx_re_/);
    expect(after.payments[0]!.refunded.amount).toBe(59_900);

    // The entitlement ended at the refund; the workbench is read-only: reads pass, writes are refused.
    const ents = await entitlementsOf(order.id);
    expect(ents).toHaveLength(1);
    expect(ents[0]!.e.withdrawnAt?.getTime()).toBe(t.clock.now().getTime());
    expect(ents[0]!.e.expiresAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const a = await access(u);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ read_only: true, status: 'expired' });
    const plans = (
      await t.app.inject({ url: '/api/customer/plan/?project_code=USA_EB1A', headers: u.auth })
    ).json();
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/plan/${plans.results[0].id}/apply_print_material/`,
      headers: { ...u.auth, Language: 'en' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('entitlement_expired');

    // The customer's own order list says refunded; the message reads in either language.
    const mine = (await s.call('GET', '/api/customer/order/?page=1&size=5', { user: u })).json();
    expect(mine.results.find((o: { id: number }) => o.id === order.id).status).toBe('refunded');
    const en = (await notifications(u, 'en')).map((n) => n.message);
    const zh = (await notifications(u, 'zh')).map((n) => n.message);
    expect(en[0]).toBe(
      `Order ${order.order_no} was refunded ($599.00): customer changed their mind. The services it activated have ended; your workbench stays readable.`,
    );
    expect(zh[0]).toBe(
      `订单 ${order.order_no} 已退款（$599.00）：customer changed their mind。该订单开通的服务已终止，工作台内容仍可查看。`,
    );

    // The same key again: the order as it is, nothing refunded twice.
    const replay = await refundCall(order.id, { reason: 'customer changed their mind' }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().refunds).toHaveLength(1);
    // The same key with another request: refused.
    const reused = await refundCall(order.id, { reason: 'something else' }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');
    // A new key: nothing left to refund.
    const again = await refundCall(order.id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_refundable');

    const audit = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'order.refund'), eq(staffAudit.targetId, String(order.id))));
    const done = audit.find((x) => (x.detail as { result?: string }).result === 'refunded');
    expect(done?.before).toEqual({ status: 'paid' });
    expect(done?.after).toEqual({ status: 'refunded' });
    expect(done?.detail).toMatchObject({ provider: 'sandbox', entitlements_withdrawn: 1 });
  });

  it('two refunds at once (different keys) → one refund; the other is refused with 409', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    const [a, b] = await Promise.all([
      refundCall(order.id, { reason: 'race one' }),
      refundCall(order.id, { reason: 'race two' }),
    ]);
    const codes = [a, b].map((r) => r.statusCode).sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409)!;
    expect(['refund_in_progress', 'order_not_refundable']).toContain(refused.json().code);
    const rows = await t.ctx.db.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect((await s.orderRow(order.id)).status).toBe('refunded');
  });

  it('the same key twice at once → one refund', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    const key = s.newKey();
    const rs = await Promise.all([
      refundCall(order.id, { reason: 'double click' }, key),
      refundCall(order.id, { reason: 'double click' }, key),
    ]);
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    const rows = await t.ctx.db.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
  });

  it('a partial refund keeps the order paid; the rest refunds it; more than is left → 409 naming what is left', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    const part = await refundCall(order.id, { reason: 'goodwill', amount: 10_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'paid', refundable: { amount: { amount: 49_900 } } });
    expect((await entitlementsOf(order.id))[0]!.e.withdrawnAt).toBeNull();
    expect((await notifications(u, 'en'))[0]!.message).toBe(
      `Part of order ${order.order_no} was refunded ($100.00): goodwill.`,
    );
    const tooMuch = await refundCall(order.id, { reason: 'too much', amount: 50_000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      code: 'refund_exceeds_paid',
      msg: 'The amount is more than the $499.00 this payment has left to refund',
    });
    const rest = await refundCall(order.id, { reason: 'the rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().status).toBe('refunded');
    expect((await entitlementsOf(order.id))[0]!.e.withdrawnAt).not.toBeNull();
  });

  it('an unpaid order → 409 with a localised message; unknown id → 404; no key → 400; bad body → 400', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const order = await s.createOrder(u, [ids.DIY_STANDARD!]);
    const en = await refundCall(order.id, { reason: 'nothing paid' });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({
      code: 'order_not_refundable',
      msg: 'Only an order that has received money can be refunded; this one has nothing left to refund',
    });
    const zh = await refundCall(order.id, { reason: 'nothing paid' }, s.newKey(), 'zh');
    expect(zh.json().msg).toBe('只有已收款的订单才能退款，该订单没有可退的金额');
    expect((await s.orderRow(order.id)).status).toBe('unpaid');
    expect((await refundCall(2_147_483_000, { reason: 'x' })).statusCode).toBe(404);
    const noKey = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, { payload: { reason: 'x' } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('idempotency_key_required');
    const empty = await refundCall(order.id, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    const negative = await refundCall(order.id, { reason: 'x', amount: -5 });
    expect(negative.statusCode).toBe(400);
  });

  it('roles other than admin and finance are refused (403); admin may refund', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    for (const role of ['reviewer', 'translator', 'consultant', 'content_editor'] as const) {
      const who = await newStaff(t, role);
      const r = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
        payload: { reason: 'not mine' },
        token: who.token,
        headers: { 'Idempotency-Key': s.newKey() },
      });
      expect(r.statusCode, role).toBe(403);
      expect(r.json().code).toBe('staff_forbidden');
    }
    expect((await s.orderRow(order.id)).status).toBe('paid');
    const admin = await newStaff(t, 'admin');
    const ok = await s.staff('POST', `/api/staff/order/${order.id}/refund/`, {
      payload: { reason: 'admin refund' },
      token: admin.token,
      headers: { 'Idempotency-Key': s.newKey() },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('refunded');
  });
});

describe('refund of a bank transfer (recorded by hand)', () => {
  it('needs the reference of the transfer staff made; then the order is refunded', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_NIW');
    const order = await s.createOrder(u, [ids.DIY_STANDARD!], {});
    const pay = await s.call('POST', `/api/customer/order/${order.id}/pay/`, {
      user: u,
      payload: { method: 'bank_transfer' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const marked = await s.call('POST', `/api/customer/order/${order.id}/transfer_completed/`, { user: u });
    expect(marked.statusCode, marked.body).toBe(200);
    const confirmed = await s.confirmTransfer(order.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('paid');

    const noRef = await refundCall(order.id, { reason: 'duplicate purchase' });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toEqual({
      code: 'refund_reference_required',
      msg: 'A bank-transfer refund needs the reference of the transfer you made',
    });
    const r = await refundCall(order.id, { reason: 'duplicate purchase', reference: 'ICBC-20261124-0042' });
    expect(r.statusCode, r.body).toBe(200);
    const v = ZStaffOrder.parse(r.json());
    expect(v.status).toBe('refunded');
    expect(v.refunds[0]).toMatchObject({
      provider: 'bank_transfer',
      provider_refund_id: 'ICBC-20261124-0042',
      amount: { currency: 'CNY', amount: order.payable_cny.amount },
    });
  });
});

describe('a refund left pending by a call that never finished', () => {
  it('blocks other refunds while it may be in flight, then the next call resumes it (one refund)', async () => {
    const u = await login(t);
    const order = await s.buyBase(u);
    const [pay] = await s.paymentsOf(order.id);
    // What a crash between the claim and the provider's answer leaves behind.
    await t.ctx.db.db.insert(refund).values({
      orderId: order.id,
      paymentId: pay!.id,
      provider: 'sandbox',
      amountMinor: 59_900,
      currency: 'USD',
      reason: 'interrupted',
      idempotencyKey: 'interrupted-refund-key-0001',
      status: 'pending',
      staffActor: 'someone',
      createdAt: t.clock.now(),
    });
    const busy = await refundCall(order.id, { reason: 'again' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('refund_in_progress');
    t.clock.advance(11 * 60 * 1000);
    const resumed = await refundCall(order.id, { reason: 'again' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().status).toBe('refunded');
    const rows = await t.ctx.db.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(rows.map((r) => [r.idempotencyKey, r.status])).toEqual([
      ['interrupted-refund-key-0001', 'succeeded'],
    ]);
  });
});
