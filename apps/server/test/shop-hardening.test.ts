import { ZOrder } from '@dossier/contract';
import { resources, translate } from '@dossier/i18n';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  customer,
  entitlement,
  notification,
  payment,
  paymentEvent,
  shopOrder,
  staffAudit,
} from '../src/db/schema/index.ts';
import { purgeSteps } from '../src/jobs/purge.handler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type LoggedIn, login } from './factories.ts';
import { refuseNotifications } from './notification-faults.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';

/**
 * The money path under attack and under races (issue 10, items 10–14): duplicate staff confirmations,
 * a first-purchase promo used twice, payments beyond what is due, unauthenticated webhooks growing the
 * database, and account purges erasing financial records. Every concurrency case runs on both backends
 * (PGlite serialises on one connection, PostgreSQL really races).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const START = new Date('2026-11-21T08:00:00Z');
const s = shopHelpers(() => t);
const db = () => t.ctx.db.db;
const errMsg = (lang: 'zh' | 'en', code: string) => (resources[lang].errors as Record<string, string>)[code];

/** What is due on a NIW base order in CNY (599 × 7.1) and 60 % of it. */
const DUE_CNY = 425_290;
const SIXTY = 255_174;

/** A NIW base order paid by bank transfer, the customer has pressed "payment-transfer-completed". */
async function transferOrder() {
  const u = await login(t);
  const ids = await s.productIds('USA_NIW');
  const o = await s.createOrder(u, [ids.DIY_STANDARD!]);
  const pay = await s.call('POST', `/api/customer/order/${o.id}/pay/`, {
    user: u,
    payload: { method: 'bank_transfer' },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  const marked = await s.call('POST', `/api/customer/order/${o.id}/transfer_completed/`, { user: u });
  expect(marked.statusCode, marked.body).toBe(200);
  return { u, o };
}

const entitlementsOf = (u: LoggedIn) =>
  db().select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
const confirmAudits = (orderId: number) =>
  db()
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.targetId, String(orderId)), eq(staffAudit.action, 'order.confirm_transfer')));

async function flagsOf(orderId: number) {
  const r = await s.staff('GET', `/api/staff/payment_flag/?order_id=${orderId}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().results as {
    kind: string;
    order_id: number;
    order_no: string;
    payment_id: number;
    amount: { amount: number; currency: string };
    resolved_at: string | null;
  }[];
}

describe('item 10: staff confirmation of a bank transfer is idempotent', () => {
  it('an Idempotency-Key header is required (400 in zh and en); nothing is recorded without it', async () => {
    const { o } = await transferOrder();
    for (const lang of ['zh', 'en'] as const) {
      const r = await s.confirmTransfer(o.id, { received_cny: SIXTY }, { key: null, lang });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({
        code: 'idempotency_key_required',
        msg: errMsg(lang, 'idempotency_key_required'),
      });
    }
    const bad = await s.staff('POST', `/api/staff/order/${o.id}/confirm_transfer/`, {
      payload: {},
      headers: { 'Idempotency-Key': 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('idempotency_key_required');
    expect(await s.paymentsOf(o.id)).toHaveLength(0);
    expect((await s.orderRow(o.id)).status).toBe('processing');
  });

  it('CONCURRENCY: the same 60 % confirmation sent twice with one key records once; both answer the same order', async () => {
    const { u, o } = await transferOrder();
    const key = s.newKey();
    const rs = await Promise.all([
      s.confirmTransfer(o.id, { received_cny: SIXTY }, { key }),
      s.confirmTransfer(o.id, { received_cny: SIXTY }, { key }),
    ]);
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = rs.map((r) => ZOrder.parse(r.json()));
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'partly_paid', paid: { amount: SIXTY, currency: 'CNY' } });
    const pays = await s.paymentsOf(o.id);
    expect(pays.map((p) => [p.amountMinor, p.providerEventId])).toEqual([[SIXTY, `confirm:${o.id}:${key}`]]);
    expect((await s.orderRow(o.id)).status).toBe('partly_paid');
    expect(await entitlementsOf(u)).toHaveLength(0);
    expect((await confirmAudits(o.id)).map((x) => (x.detail as { result: string }).result)).toEqual([
      'partly_paid',
    ]);
    // Replayed later (the console retrying after a lost answer): the same order, nothing new.
    const replay = await s.confirmTransfer(o.id, { received_cny: SIXTY }, { key });
    expect(replay.statusCode).toBe(200);
    expect(ZOrder.parse(replay.json())).toEqual(a);
    expect(await s.paymentsOf(o.id)).toHaveLength(1);
  });

  it('CONCURRENCY: two 60 % confirmations with different keys: one recorded, the other 409 (more than is still due)', async () => {
    const { u, o } = await transferOrder();
    const k1 = s.newKey();
    const k2 = s.newKey();
    const rs = await Promise.all([
      s.confirmTransfer(o.id, { received_cny: SIXTY }, { key: k1 }),
      s.confirmTransfer(o.id, { received_cny: SIXTY }, { key: k2 }),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = rs.find((r) => r.statusCode === 409)!;
    const due = '¥1701.16';
    expect(refused.json()).toEqual({
      code: 'transfer_exceeds_due',
      msg: translate('en', 'errors:transfer_exceeds_due', { due }),
    });
    expect(refused.json().msg).toContain(due);
    expect(await s.paymentsOf(o.id)).toHaveLength(1);
    expect((await s.orderRow(o.id)).status).toBe('partly_paid');
    expect(await entitlementsOf(u)).toHaveLength(0);
    const audits = await confirmAudits(o.id);
    expect(audits.map((x) => (x.detail as { result: string }).result).sort()).toEqual([
      'partly_paid',
      'refused',
    ]);
    // zh names the amount too.
    const zh = await s.confirmTransfer(o.id, { received_cny: SIXTY }, { lang: 'zh' });
    expect(zh.json()).toEqual({
      code: 'transfer_exceeds_due',
      msg: translate('zh', 'errors:transfer_exceeds_due', { due }),
    });
    // The rest, with a key of its own → paid; replaying either key changes nothing.
    const rest = await s.confirmTransfer(o.id, { received_cny: DUE_CNY - SIXTY });
    expect(rest.json()).toMatchObject({ status: 'paid', paid: { amount: DUE_CNY } });
    // Either key may have won the race: replaying the winner answers its 200 again, the loser still 409.
    const winner = rs[0]!.statusCode === 200 ? k1 : k2;
    for (const key of [k1, k2]) {
      const again = await s.confirmTransfer(o.id, { received_cny: SIXTY }, { key });
      expect(again.statusCode).toBe(key === winner ? 200 : 409);
    }
    expect(await s.paymentsOf(o.id)).toHaveLength(2);
    expect((await entitlementsOf(u)).map((e) => e.service)).toEqual(['DIY_STANDARD']);
  });

  it('a key reused for another amount is refused (409 idempotency_key_reused)', async () => {
    const { o } = await transferOrder();
    const key = s.newKey();
    expect((await s.confirmTransfer(o.id, { received_cny: 100_000 }, { key })).statusCode).toBe(200);
    for (const lang of ['zh', 'en'] as const) {
      const r = await s.confirmTransfer(o.id, { received_cny: 100_001 }, { key, lang });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        code: 'idempotency_key_reused',
        msg: errMsg(lang, 'idempotency_key_reused'),
      });
    }
    expect(await s.paymentsOf(o.id)).toHaveLength(1);
  });
});

describe('item 11: a first-purchase promo code is re-checked when the payment is recorded', () => {
  /** Two orders of one customer with the same first-purchase code, both checkouts opened before either is paid. */
  async function twoPromoOrders() {
    const u = await login(t);
    const eb = await s.productIds('USA_EB1A');
    const niw = await s.productIds('USA_NIW');
    const a = await s.createOrder(u, [eb.DIY_STANDARD!], { promo_code: 'WELCOME50' });
    const b = await s.createOrder(u, [niw.DIY_STANDARD!], { promo_code: 'WELCOME50' });
    expect([a.payable.amount, b.payable.amount]).toEqual([54_900, 54_900]);
    const ta = await s.openCheckout(u, a.id);
    const tb = await s.openCheckout(u, b.id);
    return { u, a, b, ta, tb };
  }

  it('the second order is recorded at the promo price and flagged promo_conflict for staff', async () => {
    const { u, a, b, ta, tb } = await twoPromoOrders();
    expect((await s.completeSandbox(ta)).order_status).toBe('paid');
    expect((await s.completeSandbox(tb)).order_status).toBe('paid');
    expect((await s.paymentsOf(b.id)).map((p) => [p.amountMinor, p.status])).toEqual([[54_900, 'succeeded']]);
    expect(await flagsOf(a.id)).toEqual([]);
    const [flag] = await flagsOf(b.id);
    const [pay] = await s.paymentsOf(b.id);
    expect(flag).toMatchObject({
      kind: 'promo_conflict',
      order_no: b.order_no,
      payment_id: pay!.id,
      amount: { amount: 5_000, currency: 'USD' },
      resolved_at: null,
    });
    // Money received is never lost: the order is paid and the customer has what they paid for.
    expect((await entitlementsOf(u)).map((e) => e.service)).toEqual(['DIY_STANDARD', 'DIY_STANDARD']);
  });

  it('CONCURRENCY: both paid at the same moment: both recorded, exactly one flagged', async () => {
    const { a, b, ta, tb } = await twoPromoOrders();
    const done = await Promise.all([s.completeSandbox(ta), s.completeSandbox(tb)]);
    expect(done.map((d) => d.order_status)).toEqual(['paid', 'paid']);
    const flags = [...(await flagsOf(a.id)), ...(await flagsOf(b.id))];
    expect(flags.map((f) => f.kind)).toEqual(['promo_conflict']);
  });
});

describe('item 12: payments beyond what is due, and one checkout per order', () => {
  it('a second successful payment of a paid order is kept, flagged overpayment and the customer told', async () => {
    const u = await login(t);
    const o = await s.buyBase(u, 'USA_EB1A');
    const [before] = await db().select().from(shopOrder).where(eq(shopOrder.id, o.id));
    const second = s.signSandbox({
      eventId: `evt_second_${o.id}`,
      orderNo: o.order_no,
      providerRef: before!.providerRef!,
    });
    const r = await s.deliverSandbox(second);
    expect(r.statusCode, r.body).toBe(200);
    expect((await s.paymentsOf(o.id)).map((p) => p.amountMinor)).toEqual([59_900, 59_900]);
    const pays = await s.paymentsOf(o.id);
    expect(await flagsOf(o.id)).toEqual([
      expect.objectContaining({
        kind: 'overpayment',
        payment_id: pays.find((p) => p.providerEventId === `evt_second_${o.id}`)!.id,
        amount: { amount: 59_900, currency: 'USD' },
      }),
    ]);
    const notes = await db().select().from(notification).where(eq(notification.customerId, u.customerId));
    const over = notes.find((n) => n.key === 'order_overpaid');
    expect(over?.params).toEqual({ order_no: o.order_no, amount: '$599.00' });
    const zh = (await s.call('GET', '/api/customer/notification/', { user: u, lang: 'zh' })).json();
    expect(zh.results.map((n: { message: string }) => n.message)).toContain(
      translate('zh', 'notifications:order_overpaid', { order_no: o.order_no, amount: '$599.00' }),
    );
    // The replay of the same delivery adds nothing.
    await s.deliverSandbox(second);
    expect(await flagsOf(o.id)).toHaveLength(1);
  });

  it('a bank remittance paid twice over (confirmed, then paid online) flags the excess', async () => {
    const { o } = await transferOrder();
    expect((await s.confirmTransfer(o.id, { received_cny: SIXTY })).statusCode).toBe(200);
    const fresh = await s.orderRow(o.id);
    const r = await s.deliverSandbox(
      s.signSandbox({ eventId: `evt_mixed_${o.id}`, orderNo: o.order_no, amountMinor: fresh.payableMinor }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect((await s.orderRow(o.id)).status).toBe('paid');
    // 60 % was already in by transfer: 60 % of $599 came twice.
    expect(await flagsOf(o.id)).toEqual([
      expect.objectContaining({ kind: 'overpayment', amount: { amount: 35_940, currency: 'USD' } }),
    ]);
  });

  it('CONCURRENCY: ten pay calls open one provider checkout and all answer it; another method opens its own', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const o = await s.createOrder(u, [ids.DIY_STANDARD!]);
    const sandbox = t.ctx.payments.sandbox;
    const original = sandbox.createCheckout.bind(sandbox);
    const spy = vi.spyOn(sandbox, 'createCheckout').mockImplementation(async (req) => {
      await new Promise((r) => setTimeout(r, 50)); // a provider round trip, so the calls really overlap
      return original(req);
    });
    try {
      const rs = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.call('POST', `/api/customer/order/${o.id}/pay/`, { user: u, payload: { method: 'online' } }),
        ),
      );
      expect(rs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(rs.map((r) => r.json().redirect_url)).size).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      // Later, the same method: the open checkout again.
      const again = await s.call('POST', `/api/customer/order/${o.id}/pay/`, {
        user: u,
        payload: { method: 'online' },
      });
      expect(again.json().redirect_url).toBe(rs[0]!.json().redirect_url);
      expect(spy).toHaveBeenCalledTimes(1);
      // Another method: its own checkout.
      const wallet = await s.call('POST', `/api/customer/order/${o.id}/pay/`, {
        user: u,
        payload: { method: 'wallet' },
      });
      expect(wallet.json().redirect_url).not.toBe(rs[0]!.json().redirect_url);
      expect(spy).toHaveBeenCalledTimes(2);
      // A checkout about to expire is not handed out again.
      await db()
        .update(shopOrder)
        .set({ checkoutExpiresAt: new Date(t.clock.now().getTime() + 60_000) })
        .where(eq(shopOrder.id, o.id));
      await s.call('POST', `/api/customer/order/${o.id}/pay/`, { user: u, payload: { method: 'wallet' } });
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('item 13: unauthenticated webhooks cannot grow the database', () => {
  const deliver = (headers: Record<string, string>, rawBody: string | Buffer) =>
    s.deliverSandbox({ headers, rawBody });
  const sandboxEvents = () => db().select().from(paymentEvent).where(eq(paymentEvent.provider, 'sandbox'));

  it('a refused unverified delivery keeps its headers (bounded) and the first 2 KB; a verified one its payload', async () => {
    const marker = `big-${process.pid}-${Date.now()}`;
    const body = JSON.stringify({ marker, pad: 'x'.repeat(60_000) });
    const r = await deliver(
      {
        'content-type': 'application/json',
        'x-dossier-sandbox-signature': 't=1,v1=00',
        'x-long': 'y'.repeat(5_000),
      },
      body,
    );
    expect(r.statusCode).toBe(400);
    const rows = (await sandboxEvents()).filter((e) => e.payload.includes(marker));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ outcome: 'refused', verified: false, reason: 'signature mismatch' });
    expect(Buffer.byteLength(row.payload)).toBeLessThanOrEqual(2048);
    const headers = row.headers as Record<string, string>;
    expect(headers['x-dossier-sandbox-signature']).toBe('t=1,v1=00');
    expect(headers['x-long']!.length).toBeLessThanOrEqual(256);
    expect(JSON.stringify(headers).length).toBeLessThanOrEqual(4096);

    // A genuine delivery for an unknown order: refused, but verified and kept whole.
    const signed = s.signSandbox({
      eventId: `evt_${marker}`,
      orderNo: `D20261121-${marker}`,
      amountMinor: 1,
    });
    expect((await deliver(signed.headers, signed.rawBody)).statusCode).toBe(400);
    const [genuine] = await db()
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.eventId, `evt_${marker}`));
    expect(genuine).toMatchObject({
      verified: true,
      reason: 'unknown order',
      payload: signed.rawBody.toString(),
    });
  });

  it('the purge removes unverified deliveries after 30 days and keeps verified ones', async () => {
    // Far in the past, so the purge at "30 days later" touches no other test file's rows.
    const then = new Date('2020-03-01T00:00:00Z');
    const marker = `old-${process.pid}-${Date.now()}`;
    try {
      t.clock.set(then);
      await deliver({ 'content-type': 'application/json' }, JSON.stringify({ marker }));
      const signed = s.signSandbox({
        eventId: `evt_${marker}`,
        orderNo: `D20200301-${marker}`,
        amountMinor: 1,
      });
      await deliver(signed.headers, signed.rawBody);
      const mine = async () =>
        (await sandboxEvents())
          .filter((e) => e.payload.includes(marker))
          .map((e) => e.verified)
          .sort();
      expect(await mine()).toEqual([false, true]);
      const step = purgeSteps.find((p) => p.name === 'shop.unverified_webhook_events')!;
      t.clock.set(new Date(then.getTime() + 30 * 86_400_000 - 60_000));
      await step.run(t.ctx, t.clock.now());
      expect(await mine()).toEqual([false, true]);
      t.clock.set(new Date(then.getTime() + 30 * 86_400_000 + 60_000));
      expect(await step.run(t.ctx, t.clock.now())).toBeGreaterThanOrEqual(1);
      expect(await mine()).toEqual([true]);
    } finally {
      t.clock.set(START);
    }
  });
});

describe('item 14: an account purge keeps the financial records', () => {
  it('orders, payments and audit rows stay, linked to no customer; a late payment is kept and flagged', async () => {
    const { u, o } = await transferOrder();
    expect((await s.confirmTransfer(o.id)).json().status).toBe('paid');
    const eb = await s.productIds('USA_EB1A');
    const open = await s.createOrder(u, [eb.DIY_STANDARD!]);
    const token = await s.openCheckout(u, open.id);
    const paysBefore = await s.paymentsOf(o.id);
    // Deletion long ago (the purge then erases no other test file's customer).
    await db()
      .update(customer)
      .set({ deletionScheduledAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(customer.id, u.customerId));
    try {
      t.clock.set(new Date('2020-01-08T00:01:00Z'));
      const step = purgeSteps.find((p) => p.name === 'accounts.deleted_customers')!;
      await step.run(t.ctx, t.clock.now());
    } finally {
      t.clock.set(START);
    }
    expect(await db().select().from(customer).where(eq(customer.id, u.customerId))).toHaveLength(0);
    const kept = await db()
      .select()
      .from(shopOrder)
      .where(inArray(shopOrder.id, [o.id, open.id]));
    expect(kept.map((r) => [r.id, r.customerId, r.status]).sort()).toEqual(
      [
        [o.id, null, 'paid'],
        [open.id, null, 'cancelled'],
      ].sort(),
    );
    expect(await s.paymentsOf(o.id)).toEqual(paysBefore);
    expect((await confirmAudits(o.id)).length).toBe(1);
    expect(await entitlementsOf(u)).toHaveLength(0);

    // The provider's notification of a payment made before the purge still arrives: kept, flagged.
    const r = await s.deliverSandbox(
      s.signSandbox({ eventId: `evt_late_${open.id}`, orderNo: open.order_no, providerRef: token }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect((await s.orderRow(open.id)).status).toBe('paid');
    expect((await s.paymentsOf(open.id)).map((p) => p.amountMinor)).toEqual([59_900]);
    expect((await flagsOf(open.id)).map((f) => f.kind)).toEqual(['customer_erased']);
    expect(await db().select().from(payment).where(eq(payment.orderId, open.id))).toHaveLength(1);
  });
});

// Issue 10 item 20: a payment (or a rejection) and the customer's notification are one transaction.
describe('item 20: a payment outcome is never recorded without its notification', () => {
  const notesOf = (u: LoggedIn, key: string) =>
    db()
      .select()
      .from(notification)
      .where(and(eq(notification.customerId, u.customerId), eq(notification.key, key)));
  const refuse = (u: LoggedIn, key: string) =>
    refuseNotifications(t, `NEW.customer_id = ${u.customerId} AND NEW.key = '${key}'`);

  it('staff confirmation: nothing recorded when order_paid cannot be written; the same key then pays once', async () => {
    const { u, o } = await transferOrder();
    const key = s.newKey();
    const undo = await refuse(u, 'order_paid');
    try {
      expect((await s.confirmTransfer(o.id, {}, { key })).statusCode).toBe(500);
      expect(await s.paymentsOf(o.id)).toHaveLength(0);
      expect((await s.orderRow(o.id)).status).toBe('processing');
      expect(await entitlementsOf(u)).toHaveLength(0);
    } finally {
      await undo();
    }
    const r = await s.confirmTransfer(o.id, {}, { key });
    expect(r.statusCode, r.body).toBe(200);
    expect(ZOrder.parse(r.json()).status).toBe('paid');
    expect(await s.paymentsOf(o.id)).toHaveLength(1);
    expect(await notesOf(u, 'order_paid')).toHaveLength(1);
  });

  it('staff rejection: the order stays awaiting confirmation when transfer_rejected cannot be written', async () => {
    const { u, o } = await transferOrder();
    const reject = () =>
      s.staff('POST', `/api/staff/order/${o.id}/reject_transfer/`, { payload: { reason: 'not received' } });
    const undo = await refuse(u, 'transfer_rejected');
    try {
      expect((await reject()).statusCode).toBe(500);
      expect((await s.orderRow(o.id)).status).toBe('processing');
    } finally {
      await undo();
    }
    const r = await reject();
    expect(r.statusCode, r.body).toBe(200);
    expect((await s.orderRow(o.id)).status).not.toBe('processing');
    expect(await notesOf(u, 'transfer_rejected')).toHaveLength(1);
  });

  it('webhook: the delivery fails (the provider retries) and records nothing; the redelivery pays once', async () => {
    const u = await login(t);
    const ids = await s.productIds('USA_EB1A');
    const o = await s.createOrder(u, [ids.DIY_STANDARD!]);
    await s.openCheckout(u, o.id);
    const before = await s.orderRow(o.id);
    const delivery = s.signSandbox({
      eventId: `evt_atomic_${o.id}`,
      orderNo: o.order_no,
      providerRef: before.providerRef!,
    });
    const undo = await refuse(u, 'order_paid');
    try {
      expect((await s.deliverSandbox(delivery)).statusCode).toBe(500);
      expect(await s.paymentsOf(o.id)).toHaveLength(0);
      expect((await s.orderRow(o.id)).status).toBe(before.status);
      expect(await entitlementsOf(u)).toHaveLength(0);
    } finally {
      await undo();
    }
    const r = await s.deliverSandbox(delivery);
    expect(r.statusCode, r.body).toBe(200);
    expect((await s.orderRow(o.id)).status).toBe('paid');
    expect(await s.paymentsOf(o.id)).toHaveLength(1);
    expect(await notesOf(u, 'order_paid')).toHaveLength(1);
    expect((await entitlementsOf(u)).map((e) => e.service)).toEqual(['DIY_STANDARD']);
  });
});
