import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { entitlement, payment, shopOrder } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, login } from './factories.ts';
import { shopHelpers } from './shop-factories.ts';

/**
 * The Alipay wallet adapter end to end: the checkout is the signed gateway URL the pay call answers; Alipay's
 * asynchronous notification is POSTed to the real endpoint (/api/payment/webhook/alipay/) as a form, signed with
 * the test's "Alipay" key pair (RSA2 over the sorted parameters, as Alipay signs them) whose public half is the
 * configured ALIPAY_PUBLIC_KEY. A genuine notification marks the order paid and is answered `success`; a forged
 * or altered one is refused and pays nothing.
 */
const APP_ID = '2021000123456789';
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject) =>
  k.type === 'private'
    ? (k.export({ type: 'pkcs8', format: 'pem' }) as string)
    : (k.export({ type: 'spki', format: 'pem' }) as string);
const appKeys = rsa();
const alipayKeys = rsa();
const stranger = rsa();

let t: TestApp;
beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  t = await buildTestApp({
    config: {
      ...accountsTestConfig,
      payment: {
        ...defaults.payment,
        walletProvider: 'alipay',
        publicBaseUrl: 'https://dossier.example',
        alipay: {
          appId: APP_ID,
          privateKey: pem(appKeys.privateKey),
          publicKey: pem(alipayKeys.publicKey),
          gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
        },
      },
    },
  });
});
afterAll(() => t.close());

/** Alipay's documented signing content, written here independently: sorted k=v of non-empty params. */
const content = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** A trade_status_sync notification for `outTradeNo`, signed with `key`, then `after` applied (tampering). */
function notification(
  outTradeNo: string,
  totalAmount: string,
  opts: { key?: KeyObject; after?: Record<string, string>; tradeNo?: string } = {},
): string {
  const params: Record<string, string> = {
    notify_type: 'trade_status_sync',
    notify_id: `ntf_${outTradeNo}`,
    notify_time: '2026-11-29 14:00:10',
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    app_id: APP_ID,
    auth_app_id: APP_ID,
    trade_no: opts.tradeNo ?? `2026112922001446880500${outTradeNo.length}`,
    out_trade_no: outTradeNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: totalAmount,
    receipt_amount: totalAmount,
    buyer_id: '2088102177846880',
    seller_id: '2088102177649450',
    gmt_payment: '2026-11-29 14:00:09',
    subject: 'EB-1A 自助标准版',
  };
  const s = createSign('RSA-SHA256');
  s.update(content(params));
  params.sign = s.sign(opts.key ?? alipayKeys.privateKey, 'base64');
  Object.assign(params, opts.after ?? {});
  return new URLSearchParams(params).toString();
}

const deliver = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/alipay/',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });

describe('Alipay notify through the HTTP endpoint', () => {
  const shop = shopHelpers(() => t);

  it('pay → signed gateway URL; a forged or altered notification is refused; the genuine one pays once', async () => {
    const u = await login(t);
    const ids = await shop.productIds('USA_EB1A');
    const order = await shop.createOrder(u, [ids.DIY_STANDARD!]);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/customer/order/${order.id}/pay/`,
      headers: u.auth,
      payload: { method: 'wallet' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const checkout = new URL(pay.json().redirect_url);
    expect(checkout.origin + checkout.pathname).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(checkout.searchParams.get('app_id')).toBe(APP_ID);
    expect(checkout.searchParams.get('notify_url')).toBe(
      'https://dossier.example/api/payment/webhook/alipay/',
    );
    const biz = JSON.parse(checkout.searchParams.get('biz_content')!);
    const outTradeNo: string = biz.out_trade_no;
    const total: string = biz.total_amount;
    expect(outTradeNo.replace(/_/g, '-')).toBe(order.order_no);
    expect(total).toMatch(/^\d+\.\d{2}$/);

    const paid = async () =>
      (await t.ctx.db.db.select().from(shopOrder).where(eq(shopOrder.id, order.id)))[0]!.status;

    // Signed by someone else, an amount changed after signing, an order changed after signing: refused.
    for (const forged of [
      notification(outTradeNo, total, { key: stranger.privateKey }),
      notification(outTradeNo, total, { after: { total_amount: '0.01' } }),
      notification(outTradeNo, total, { after: { out_trade_no: 'D20260101_OTHER1' } }),
      notification(outTradeNo, total, { after: { sign: '' } }),
    ]) {
      const r = await deliver(forged);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('webhook_refused');
    }
    expect(await paid()).not.toBe('paid');

    // Genuine: answered `success` (what Alipay expects, else it re-sends), the order paid; the re-send pays nothing.
    const genuine = notification(outTradeNo, total);
    const ok = await deliver(genuine);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('success');
    expect((await deliver(genuine)).body).toBe('success');
    expect(await paid()).toBe('paid');
    const pays = await t.ctx.db.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(pays.map((p) => [p.provider, p.currency, p.amountMinor])).toEqual([
      ['alipay', 'CNY', Math.round(Number(total) * 100)],
    ]);
    const ents = await t.ctx.db.db.select().from(entitlement).where(eq(entitlement.customerId, u.customerId));
    expect(ents).toHaveLength(1);
  });
});
