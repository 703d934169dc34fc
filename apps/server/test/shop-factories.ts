import { ZOrder } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config } from '../src/config.ts';
import { payment, shopOrder } from '../src/db/schema/index.ts';
import type { SandboxEventInput } from '../src/providers/payment/index.ts';
import type { TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn } from './factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';

/** Config of a shop test app: test captcha, a roomy rate limit. */
export function shopTestConfig(): Partial<Config> {
  return { ...accountsTestConfig };
}

type Json = Record<string, unknown>;
export type ProjectCodeT = 'USA_EB1A' | 'USA_NIW';

/**
 * Customer and staff calls of the shop, bound to a test app (given lazily: files build it in beforeAll).
 * Bodies the tests rely on are parsed with the contract's schemas.
 */
export function shopHelpers(app: () => TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    opts: { user?: LoggedIn; payload?: Json; lang?: string; headers?: Record<string, string> } = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: { Language: opts.lang ?? 'en', ...(opts.user?.auth ?? {}), ...(opts.headers ?? {}) },
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });

  async function productIds(project: ProjectCodeT): Promise<Record<string, number>> {
    const r = await call('GET', `/api/customer/product/?project_code=${project}`);
    expect(r.statusCode, r.body).toBe(200);
    return Object.fromEntries(r.json().map((p: Json) => [p.service, p.id]));
  }

  async function createOrder(user: LoggedIn, ids: number[], extra: Json = {}) {
    const r = await call('POST', '/api/customer/order/', {
      user,
      payload: { product_ids: ids, agreement_accepted: true, ...extra },
    });
    expect([200, 201], r.body).toContain(r.statusCode);
    return ZOrder.parse(r.json());
  }

  /** Opens a checkout (online or wallet) and answers its sandbox token. */
  async function openCheckout(user: LoggedIn, orderId: number, method: 'online' | 'wallet' = 'online') {
    const r = await call('POST', `/api/customer/order/${orderId}/pay/`, { user, payload: { method } });
    expect(r.statusCode, r.body).toBe(200);
    return new URL(r.json().redirect_url, 'http://x').searchParams.get('token')!;
  }

  /** Presses Pay (or Fail) on the sandbox TEST checkout page of `token`. */
  async function completeSandbox(token: string, outcome: 'paid' | 'failed' = 'paid') {
    const done = await call('POST', `/api/payment/sandbox/session/${token}/complete/`, {
      payload: { outcome },
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json() as { redirect_url: string; order_status: string };
  }

  /** Pays an order through the sandbox TEST checkout. */
  async function payWithSandbox(user: LoggedIn, orderId: number, method: 'online' | 'wallet' = 'online') {
    const token = await openCheckout(user, orderId, method);
    return { token, ...(await completeSandbox(token)) };
  }

  async function buyBase(user: LoggedIn, project: ProjectCodeT = 'USA_EB1A', extra: string[] = []) {
    const ids = await productIds(project);
    const order = await createOrder(user, [ids.DIY_STANDARD!, ...extra.map((s) => ids[s]!)]);
    await payWithSandbox(user, order.id);
    return order;
  }

  /**
   * The finance staff member these helpers act as (signed in on first use). Tests move the clock by days, past
   * a staff session's lifetime: an ended session is replaced by a new finance account's.
   */
  let financeLogin: Promise<StaffLogin> | null = null;
  const finance = () => {
    financeLogin ??= newStaff(app(), 'finance');
    return financeLogin;
  };

  /** A staff API call as the finance member (`token`: another bearer token; null sends none). */
  const staff = async (
    method: 'GET' | 'POST',
    url: string,
    opts: { payload?: Json; token?: string | null; lang?: string; headers?: Record<string, string> } = {},
  ) => {
    const send = (token: string | null) =>
      app().app.inject({
        method,
        url,
        headers: {
          Language: opts.lang ?? 'en',
          ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
          ...(opts.headers ?? {}),
        },
        ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      });
    if (opts.token !== undefined) return send(opts.token);
    const r = await send((await finance()).token);
    if (r.statusCode !== 401) return r;
    financeLogin = newStaff(app(), 'finance');
    return send((await finance()).token);
  };

  let keys = 0;
  /** A fresh Idempotency-Key, as the staff console makes one per click. */
  const newKey = () => `test-${process.pid}-${Date.now()}-${++keys}`;

  /** POST confirm_transfer/ with an Idempotency-Key (a fresh one unless given; null sends none). */
  const confirmTransfer = (
    orderId: number,
    payload: Json = {},
    opts: { key?: string | null; lang?: string } = {},
  ) => {
    const key = opts.key === undefined ? newKey() : opts.key;
    return staff('POST', `/api/staff/order/${orderId}/confirm_transfer/`, {
      payload,
      ...(opts.lang ? { lang: opts.lang } : {}),
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  };

  /** A sandbox delivery signed like the TEST page signs it: a succeeded $599 payment unless told. */
  const signSandbox = (e: Partial<SandboxEventInput> & { eventId: string; orderNo: string }) =>
    app().ctx.payments.sandbox.signEvent({
      providerRef: 'sbx_test',
      outcome: 'succeeded',
      amountMinor: 59_900,
      currency: 'USD',
      now: app().clock.now(),
      ...e,
    });
  /** Posts a (signed or forged) delivery to the sandbox's webhook. */
  const deliverSandbox = (d: { headers: Record<string, string>; rawBody: Buffer | string }) =>
    app().app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox/',
      headers: d.headers,
      payload: d.rawBody,
    });

  const db = () => app().ctx.db.db;
  const paymentsOf = (orderId: number) => db().select().from(payment).where(eq(payment.orderId, orderId));
  const orderRow = async (id: number) =>
    (await db().select().from(shopOrder).where(eq(shopOrder.id, id)))[0]!;

  return {
    call,
    productIds,
    createOrder,
    openCheckout,
    completeSandbox,
    payWithSandbox,
    buyBase,
    staff,
    finance,
    newKey,
    confirmTransfer,
    signSandbox,
    deliverSandbox,
    paymentsOf,
    orderRow,
  };
}
