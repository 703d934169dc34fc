import { ORDER_STATUSES, type OrderStatus } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItem, payment, product, project, shopOrder } from '../src/db/schema/index.ts';
import {
  applyTransition,
  ORDER_EVENTS,
  ORDER_TRANSITIONS,
  type OrderEvent,
} from '../src/modules/shop/order-transitions.ts';
import { newOrderNo } from '../src/modules/shop/orders.service.ts';
import { AppError } from '../src/plugins/errors.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { newStaff } from './staff-factories.ts';

let t: TestApp;
/** A finance member's bearer token. */
let staffToken: string;
let u: LoggedIn;
let projectId: number;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
  u = await login(t);
  staffToken = (await newStaff(t, 'finance')).token;
  const [pr] = await t.ctx.db.db.select().from(project).where(eq(project.code, 'USA_EB1A'));
  projectId = pr!.id;
  const [p] = await t.ctx.db.db.select().from(product).where(eq(product.projectId, projectId));
  productId = p!.id;
});
afterAll(() => t.close());

/** An order of the test customer put directly in `status` (with one item), to drive every transition. */
async function orderIn(status: OrderStatus): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.ctx.db.db
    .insert(shopOrder)
    .values({
      orderNo: newOrderNo(now),
      customerId: u.customerId,
      projectId,
      type: 'base',
      status,
      amountMinor: 59_900,
      payableMinor: 59_900,
      exchangeRateE4: 71_000,
      payableCnyMinor: 425_290,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      updatedAt: now,
    })
    .returning({ id: shopOrder.id });
  await t.ctx.db.db
    .insert(orderItem)
    .values({ orderId: row!.id, productId, service: 'DIY_STANDARD', amountMinor: 59_900 });
  return row!.id;
}
const statusOf = async (id: number) =>
  (await t.ctx.db.db.select({ s: shopOrder.status }).from(shopOrder).where(eq(shopOrder.id, id)))[0]!.s;

describe('the order transition table: every status × event through applyTransition', () => {
  it('documents the table', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      transfer_marked: { from: ['unpaid', 'failed', 'partly_paid'], to: 'processing' },
      payment_recorded_full: {
        from: ['unpaid', 'processing', 'partly_paid', 'failed', 'cancelled'],
        to: 'paid',
      },
      payment_recorded_partial: {
        from: ['unpaid', 'processing', 'partly_paid', 'failed', 'cancelled'],
        to: 'partly_paid',
      },
      payment_failed: { from: ['unpaid'], to: 'failed' },
      cancel: { from: ['unpaid', 'failed'], to: 'cancelled' },
      expire: { from: ['unpaid'], to: 'cancelled' },
      transfer_rejected: { from: ['processing'], to: 'failed' },
      refund: { from: ['paid', 'partly_paid'], to: 'refunded' },
    });
  });

  for (const status of ORDER_STATUSES) {
    for (const event of ORDER_EVENTS) {
      const allowed = (ORDER_TRANSITIONS[event].from as readonly string[]).includes(status);
      it(`${status} × ${event} → ${allowed ? ORDER_TRANSITIONS[event].to : '409'}`, async () => {
        const id = await orderIn(status);
        const run = applyTransition(t.ctx.db.db, id, event as OrderEvent, t.clock.now());
        if (allowed) {
          expect((await run).status).toBe(ORDER_TRANSITIONS[event].to);
          expect(await statusOf(id)).toBe(ORDER_TRANSITIONS[event].to);
        } else {
          const err = await run.then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(AppError);
          expect(err).toMatchObject({ statusCode: 409, code: 'order_transition_refused' });
          expect(await statusOf(id)).toBe(status);
        }
      });
    }
  }
});

describe('the same table over HTTP (customer and staff actions, every status)', () => {
  const customer = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...u.auth, Language: 'en' } });
  let keys = 0;
  const staff = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${staffToken}`,
        Language: 'en',
        'Idempotency-Key': `transitions-${process.pid}-${++keys}-key`,
      },
      payload,
    });
  const actions: { name: string; event: OrderEvent; run: (id: number) => ReturnType<typeof customer> }[] = [
    { name: 'cancel/', event: 'cancel', run: (id) => customer(`/api/customer/order/${id}/cancel/`) },
    {
      name: 'transfer_completed/',
      event: 'transfer_marked',
      run: (id) => customer(`/api/customer/order/${id}/transfer_completed/`),
    },
    {
      name: 'staff confirm_transfer/ (all)',
      event: 'payment_recorded_full',
      run: (id) => staff(`/api/staff/order/${id}/confirm_transfer/`, {}),
    },
    {
      name: 'staff confirm_transfer/ (part)',
      event: 'payment_recorded_partial',
      run: (id) => staff(`/api/staff/order/${id}/confirm_transfer/`, { received_cny: 100 }),
    },
    {
      name: 'staff reject_transfer/',
      event: 'transfer_rejected',
      run: (id) => staff(`/api/staff/order/${id}/reject_transfer/`, { reason: 'not received' }),
    },
  ];
  for (const status of ORDER_STATUSES) {
    for (const a of actions) {
      const allowed = (ORDER_TRANSITIONS[a.event].from as readonly string[]).includes(status);
      it(`${status} × ${a.name} → ${allowed ? ORDER_TRANSITIONS[a.event].to : '409'}`, async () => {
        const id = await orderIn(status);
        const r = await a.run(id);
        if (allowed) {
          expect(r.statusCode, r.body).toBe(200);
          expect(await statusOf(id)).toBe(ORDER_TRANSITIONS[a.event].to);
        } else {
          expect(r.statusCode, r.body).toBe(409);
          expect(r.json()).toEqual({
            code: 'order_transition_refused',
            msg: "This is not possible in the order's current status. Refresh and try again",
          });
          expect(await statusOf(id)).toBe(status);
          expect(await t.ctx.db.db.select().from(payment).where(eq(payment.orderId, id))).toHaveLength(0);
        }
      });
    }
  }
});
