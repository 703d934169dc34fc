import { createHmac, createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  AlipayPaymentProvider,
  alipayResponseSection,
  alipayTime,
  type CheckoutRequest,
  createPaymentProviders,
  fenToYuan,
  PaymentProviderError,
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
  StripePaymentProvider,
  type WebhookInput,
  WebhookRefusedError,
  yuanToFen,
} from '../src/providers/payment/index.ts';

/**
 * The payment adapters against locally built deliveries: signatures are computed here from the providers'
 * documentation, independently of the adapters, and a local server checks checkout requests like Stripe.
 */

const NOW = new Date('2025-03-01T12:00:00Z');
const nowS = Math.floor(NOW.getTime() / 1000);

const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderNo: 'D20250301120000ABCD',
  amountMinor: 59900,
  currency: 'USD',
  method: 'online',
  description: 'EB-1A DIY standard',
  successUrl: 'https://dossier.example/personalCenter/purchaseRecord?paid=1',
  cancelUrl: 'https://dossier.example/payService',
  expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
  locale: 'zh',
  now: new Date(),
  ...over,
});

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookRefusedError);
    return (e as WebhookRefusedError).reason;
  }
  throw new Error('expected a WebhookRefusedError');
};

// ── Stripe ────────────────────────────────────────────────────────────────────────────────────────────────

const SK = 'sk_test_51Example';
const WHSEC = 'whsec_test_secret_value';
const stripeRequests: { path: string; auth: string; type: string; form: URLSearchParams }[] = [];
let stripe: Server;
let stripeBase: string;

async function readBody(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

const json = (res: ServerResponse, status: number, value: object) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
};

beforeAll(async () => {
  stripe = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    stripeRequests.push({
      path: req.url ?? '',
      auth: req.headers.authorization ?? '',
      type: req.headers['content-type'] ?? '',
      form,
    });
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
      return json(res, 404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    }
    if (req.headers.authorization !== `Bearer ${SK}`) {
      return json(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
    if (!Number.isInteger(amount) || amount < 50) {
      return json(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          message: 'The Checkout Session total amount due must add up to at least $0.50 usd',
        },
      });
    }
    const id = `cs_test_${form.get('client_reference_id')}`;
    json(res, 200, {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      amount_total: amount,
      currency: form.get('line_items[0][price_data][currency]'),
      expires_at: Number(form.get('expires_at')),
    });
  });
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', r));
  stripeBase = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => stripe.close(() => r())));

const stripeProvider = (over: Partial<{ secretKey: string; webhookSecret: string; apiBase: string }> = {}) =>
  new StripePaymentProvider({ secretKey: SK, webhookSecret: WHSEC, apiBase: stripeBase, ...over });

/** Stripe's documented scheme: v1 = HMAC-SHA256(secret, "<t>.<payload>") in hex. */
function stripeDelivery(
  event: object,
  opts: { secret?: string; t?: number; extraV1?: string[]; body?: string } = {},
): WebhookInput {
  const payload = opts.body ?? JSON.stringify(event);
  const t = opts.t ?? nowS;
  const v1 = createHmac('sha256', opts.secret ?? WHSEC)
    .update(`${t}.${payload}`)
    .digest('hex');
  const sigs = [...(opts.extraV1 ?? []), v1].map((s) => `v1=${s}`).join(',');
  return {
    headers: { 'stripe-signature': `t=${t},${sigs},v0=legacy`, 'content-type': 'application/json' },
    rawBody: Buffer.from(payload),
    now: NOW,
  };
}

const stripeEvent = (type: string, session: Record<string, unknown> = {}) => ({
  id: 'evt_1Abc',
  object: 'event',
  type,
  data: {
    object: {
      id: 'cs_test_a1',
      object: 'checkout.session',
      client_reference_id: 'D1',
      metadata: { order_no: 'D1' },
      payment_status: 'paid',
      amount_total: 59900,
      currency: 'usd',
      ...session,
    },
  },
});

describe('stripe createCheckout', () => {
  it('creates a Checkout Session the way Stripe expects and returns its id and url', async () => {
    stripeRequests.length = 0;
    const before = Math.floor(Date.now() / 1000);
    const s = await stripeProvider().createCheckout(request({ locale: 'en' }));
    expect(s).toEqual({
      providerRef: 'cs_test_D20250301120000ABCD',
      redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_D20250301120000ABCD',
      // the expiry Stripe answers (what it will honour)
      expiresAt: new Date(Number(stripeRequests[0]!.form.get('expires_at')) * 1000),
    });
    expect(stripeRequests).toHaveLength(1);
    const r = stripeRequests[0]!;
    expect(r.path).toBe('/v1/checkout/sessions');
    expect(r.auth).toBe(`Bearer ${SK}`);
    expect(r.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: 'D20250301120000ABCD',
      'metadata[order_no]': 'D20250301120000ABCD',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '59900',
      'line_items[0][price_data][product_data][name]': 'EB-1A DIY standard',
      'line_items[0][quantity]': '1',
      success_url: 'https://dossier.example/personalCenter/purchaseRecord?paid=1',
      cancel_url: 'https://dossier.example/payService',
      locale: 'en',
    });
    const expiresAt = Number(r.form.get('expires_at'));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 2 * 3600 - 5);
    expect(expiresAt).toBeLessThanOrEqual(before + 2 * 3600 + 5);
  });

  it('asks for the Chinese page for zh and clamps expires_at into 30 min – 24 h', async () => {
    stripeRequests.length = 0;
    const before = Math.floor(Date.now() / 1000);
    await stripeProvider().createCheckout(request({ expiresAt: new Date(Date.now() + 60_000) }));
    await stripeProvider().createCheckout(request({ expiresAt: new Date(Date.now() + 7 * 86400_000) }));
    expect(stripeRequests[0]!.form.get('locale')).toBe('zh');
    const [soon, late] = stripeRequests.map((r) => Number(r.form.get('expires_at')));
    expect(soon! - before).toBeGreaterThanOrEqual(30 * 60);
    expect(late! - before).toBeLessThanOrEqual(24 * 3600);
    expect(StripePaymentProvider.expiresAt(new Date(NOW.getTime() + 3600_000), NOW)).toBe(nowS + 3600);
  });

  it('clamps against the clock it is given, not its own', async () => {
    stripeRequests.length = 0;
    await stripeProvider().createCheckout(
      request({ now: NOW, expiresAt: new Date(NOW.getTime() + 7 * 86400_000) }),
    );
    expect(Number(stripeRequests[0]!.form.get('expires_at'))).toBe(nowS + 24 * 3600 - 60);
  });

  it('turns a Stripe error answer or an unreachable API into a PaymentProviderError', async () => {
    const small = stripeProvider().createCheckout(request({ amountMinor: 10 }));
    await expect(small).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(small).rejects.toMatchObject({ provider: 'stripe', status: 400 });
    await expect(small).rejects.toThrow(/amount_too_small/);
    await expect(
      stripeProvider({ secretKey: 'sk_test_wrong' }).createCheckout(request()),
    ).rejects.toMatchObject({ status: 401, detail: expect.stringMatching(/Invalid API Key/) });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(stripeProvider({ apiBase: deadBase }).createCheckout(request())).rejects.toThrow(
      PaymentProviderError,
    );
  });
});

describe('stripe verifyWebhook', () => {
  it('accepts a correctly signed checkout.session.completed (paid) as a succeeded payment', () => {
    const e = stripeProvider().verifyWebhook(stripeDelivery(stripeEvent('checkout.session.completed')));
    expect(e).toMatchObject({
      eventId: 'evt_1Abc',
      orderNo: 'D1',
      providerRef: 'cs_test_a1',
      outcome: 'succeeded',
      amountMinor: 59900,
      currency: 'USD',
    });
    expect((e!.raw as { type: string }).type).toBe('checkout.session.completed');
  });

  it('maps the async results, ignores pending, expired and unrelated events', () => {
    const p = stripeProvider();
    const v = (type: string, s?: Record<string, unknown>) =>
      p.verifyWebhook(stripeDelivery(stripeEvent(type, s)));
    expect(v('checkout.session.async_payment_succeeded')?.outcome).toBe('succeeded');
    expect(v('checkout.session.async_payment_failed', { payment_status: 'unpaid' })?.outcome).toBe('failed');
    expect(v('checkout.session.completed', { payment_status: 'unpaid' })).toBeNull();
    expect(v('checkout.session.expired', { payment_status: 'unpaid', status: 'expired' })).toBeNull();
    expect(v('payment_intent.succeeded')).toBeNull();
    expect(v('charge.refunded')).toBeNull();
    // metadata is the fallback when client_reference_id is absent
    expect(v('checkout.session.completed', { client_reference_id: null })?.orderNo).toBe('D1');
  });

  it('refuses a wrong secret, a tampered body, a stale or future timestamp and a missing header', () => {
    const p = stripeProvider();
    const ev = stripeEvent('checkout.session.completed');
    expect(refusal(() => p.verifyWebhook(stripeDelivery(ev, { secret: 'whsec_other' })))).toMatch(
      /signature/,
    );
    const d = stripeDelivery(ev);
    const tampered = { ...d, rawBody: Buffer.from(d.rawBody.toString().replace('59900', '100')) };
    expect(refusal(() => p.verifyWebhook(tampered))).toMatch(/signature/);
    expect(refusal(() => p.verifyWebhook(stripeDelivery(ev, { t: nowS - 301 })))).toMatch(/tolerance/);
    expect(refusal(() => p.verifyWebhook(stripeDelivery(ev, { t: nowS + 301 })))).toMatch(/tolerance/);
    expect(p.verifyWebhook(stripeDelivery(ev, { t: nowS - 300 }))?.outcome).toBe('succeeded');
    expect(refusal(() => p.verifyWebhook({ ...d, headers: {} }))).toMatch(/missing/);
    expect(refusal(() => p.verifyWebhook({ ...d, headers: { 'stripe-signature': 'v1=abc' } }))).toMatch(
      /timestamp/,
    );
  });

  it('accepts any matching v1 among several (secret rolling) and a repeated header', () => {
    const p = stripeProvider();
    const d = stripeDelivery(stripeEvent('checkout.session.completed'), { extraV1: ['00'.repeat(32), 'zz'] });
    expect((d.headers['stripe-signature'] as string).match(/v1=/g)).toHaveLength(3);
    expect(p.verifyWebhook(d)?.eventId).toBe('evt_1Abc');
    expect(
      p.verifyWebhook({ ...d, headers: { 'Stripe-Signature': [d.headers['stripe-signature'] as string] } }),
    ).not.toBeNull();
  });

  it('refuses a signed event that is not a usable payment (no session, unknown currency)', () => {
    const p = stripeProvider();
    expect(
      refusal(() =>
        p.verifyWebhook(stripeDelivery(stripeEvent('checkout.session.completed', { currency: 'eur' }))),
      ),
    ).toMatch(/currency/);
    expect(
      refusal(() =>
        p.verifyWebhook(
          stripeDelivery(
            stripeEvent('checkout.session.completed', { client_reference_id: null, metadata: {} }),
          ),
        ),
      ),
    ).toMatch(/client_reference_id/);
    expect(refusal(() => p.verifyWebhook(stripeDelivery({}, { body: 'not json' })))).toMatch(/JSON/);
  });
});

// ── Alipay ────────────────────────────────────────────────────────────────────────────────────────────────

const APP_ID = '2021000123456789';
const GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
let app: { publicKey: KeyObject; privateKey: KeyObject };
let alipayKeys: { publicKey: KeyObject; privateKey: KeyObject };
let stranger: { publicKey: KeyObject; privateKey: KeyObject };
const pem = (k: KeyObject) =>
  k.type === 'private'
    ? (k.export({ type: 'pkcs8', format: 'pem' }) as string)
    : (k.export({ type: 'spki', format: 'pem' }) as string);

beforeAll(() => {
  app = rsa();
  alipayKeys = rsa();
  stranger = rsa();
});

const alipayProvider = (over: { appPrivate?: string; alipayPublic?: string } = {}) =>
  new AlipayPaymentProvider({
    appId: APP_ID,
    privateKey: over.appPrivate ?? pem(app.privateKey),
    alipayPublicKey: over.alipayPublic ?? pem(alipayKeys.publicKey),
    gateway: GATEWAY,
    notifyUrl: 'https://dossier.example/api/payment/webhook/alipay/',
  });

/** Alipay's documented rule, written here independently: sorted k=v of non-empty params except the given. */
const content = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

function alipayNotify(
  over: Record<string, string> = {},
  opts: { key?: KeyObject; after?: Record<string, string> } = {},
): WebhookInput {
  const params: Record<string, string> = {
    gmt_create: '2025-03-01 20:00:01',
    charset: 'utf-8',
    seller_email: 'merchant@example.com',
    subject: 'EB-1A 自助标准版 DIY standard',
    buyer_id: '2088102177846880',
    invoice_amount: '599.00',
    notify_id: '2025030100222200001234567890',
    fund_bill_list: '[{"amount":"599.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '599.00',
    buyer_pay_amount: '599.00',
    app_id: APP_ID,
    sign_type: 'RSA2',
    seller_id: '2088102177649450',
    gmt_payment: '2025-03-01 20:00:09',
    notify_time: '2025-03-01 20:00:10',
    version: '1.0',
    out_trade_no: 'D20250301_7K3QZP',
    total_amount: '599.00',
    trade_no: '2025030122001446880500001234',
    auth_app_id: APP_ID,
    buyer_logon_id: 'abc***@example.com',
    point_amount: '0.00',
    passback_params: '',
    ...over,
  };
  const s = createSign('RSA-SHA256');
  s.update(content(params, ['sign', 'sign_type']));
  params.sign = s.sign(opts.key ?? alipayKeys.privateKey, 'base64');
  Object.assign(params, opts.after ?? {});
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    rawBody: Buffer.from(new URLSearchParams(params).toString()),
    now: NOW,
  };
}

describe('alipay amounts and times', () => {
  it('converts fen to yuan and exact decimal yuan back to fen', () => {
    expect(fenToYuan(59900)).toBe('599.00');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(5)).toBe('0.05');
    expect(yuanToFen('599.00')).toBe(59900);
    expect(yuanToFen('0.10')).toBe(10);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('42')).toBe(4200);
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen('-1.00')).toBeNull();
    expect(yuanToFen('1e3')).toBeNull();
    expect(yuanToFen('')).toBeNull();
  });

  it('formats times in Asia/Shanghai', () => {
    expect(alipayTime(new Date('2025-03-01T12:00:00Z'))).toBe('2025-03-01 20:00:00');
    expect(alipayTime(new Date('2025-12-31T16:30:05Z'))).toBe('2026-01-01 00:30:05');
  });
});

describe('alipay createCheckout', () => {
  it('builds a gateway URL with the documented parameters, signed with RSA2 over the sorted string', async () => {
    const req = request({
      orderNo: 'D20250301-7K3QZP',
      currency: 'CNY',
      method: 'wallet',
      amountMinor: 413_310,
      description: 'EB-1A DIY 标准版 & review=1',
      expiresAt: new Date('2025-03-01T12:30:00Z'),
    });
    const s = await alipayProvider().createCheckout(req);
    // out_trade_no allows letters, digits and underscores only
    expect(s.providerRef).toBe('D20250301_7K3QZP');
    expect(s.expiresAt).toEqual(req.expiresAt);
    const url = new URL(s.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://dossier.example/api/payment/webhook/alipay/',
      return_url: req.successUrl,
    });
    expect(params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'D20250301_7K3QZP',
      total_amount: '4133.10',
      subject: 'EB-1A DIY 标准版   review 1',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2025-03-01 20:30:00',
    });
    const v = createVerify('RSA-SHA256');
    v.update(content(params, ['sign']));
    expect(v.verify(app.publicKey, params.sign!, 'base64')).toBe(true);
    const w = createVerify('RSA-SHA256');
    w.update(content(params, ['sign']));
    expect(w.verify(stranger.publicKey, params.sign!, 'base64')).toBe(false);
  });

  it('stamps the request in Shanghai time and refuses a non-CNY amount', async () => {
    const p = alipayProvider();
    expect(p.checkoutParams(request({ currency: 'CNY', now: NOW })).timestamp).toBe('2025-03-01 20:00:00');
    await expect(p.createCheckout(request({ currency: 'USD' }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(p.createCheckout(request({ currency: 'CNY', orderNo: 'D_1' }))).rejects.toThrow(
      /out_trade_no/,
    );
  });

  it('loads bare base64 keys as printed by Alipay’s key tool and names a malformed key', () => {
    const bare = (k: KeyObject) =>
      pem(k)
        .replace(/-----[A-Z ]+-----/g, '')
        .replace(/\s+/g, '');
    const pkcs1 = (app.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string)
      .replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, '');
    for (const appPrivate of [bare(app.privateKey), pkcs1]) {
      const params = alipayProvider({ appPrivate, alipayPublic: bare(alipayKeys.publicKey) }).checkoutParams(
        request({ currency: 'CNY' }),
      );
      const v = createVerify('RSA-SHA256');
      v.update(content(params, ['sign']));
      expect(v.verify(app.publicKey, params.sign!, 'base64')).toBe(true);
    }
    expect(() => alipayProvider({ appPrivate: 'not-a-key' })).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() => alipayProvider({ alipayPublic: 'not-a-key' })).toThrow(/ALIPAY_PUBLIC_KEY/);
  });
});

describe('alipay verifyWebhook', () => {
  it('accepts a notification signed by Alipay and answers "success"', () => {
    const p = alipayProvider();
    const e = p.verifyWebhook(alipayNotify());
    expect(e).toMatchObject({
      eventId: '2025030122001446880500001234:succeeded',
      orderNo: 'D20250301-7K3QZP',
      providerRef: 'D20250301_7K3QZP',
      outcome: 'succeeded',
      amountMinor: 59900,
      currency: 'CNY',
    });
    expect((e!.raw as Record<string, string>).notify_id).toBe('2025030100222200001234567890');
    expect(p.ack).toEqual({ contentType: 'text/plain', body: 'success' });
    expect(p.verifyWebhook(alipayNotify({ total_amount: '0.10' }))?.amountMinor).toBe(10);
  });

  it('maps trade statuses: FINISHED is the same payment as SUCCESS, CLOSED fails, WAIT_BUYER_PAY is ignored', () => {
    const p = alipayProvider();
    const finished = p.verifyWebhook(alipayNotify({ trade_status: 'TRADE_FINISHED' }));
    expect(finished?.outcome).toBe('succeeded');
    expect(finished?.eventId).toBe(p.verifyWebhook(alipayNotify())?.eventId);
    const closed = p.verifyWebhook(alipayNotify({ trade_status: 'TRADE_CLOSED' }));
    expect(closed).toMatchObject({ outcome: 'failed', eventId: '2025030122001446880500001234:failed' });
    expect(p.verifyWebhook(alipayNotify({ trade_status: 'WAIT_BUYER_PAY' }))).toBeNull();
  });

  it('refuses a tampered notification, one signed with another key, another app_id or an unsupported sign_type', () => {
    const p = alipayProvider();
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { after: { total_amount: '0.01' } })))).toMatch(
      /signature/,
    );
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { after: { out_trade_no: 'D-other' } })))).toMatch(
      /signature/,
    );
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { key: stranger.privateKey })))).toMatch(
      /signature/,
    );
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { key: app.privateKey })))).toMatch(/signature/);
    expect(refusal(() => p.verifyWebhook(alipayNotify({ app_id: '2021000999999999' })))).toMatch(/app_id/);
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { after: { sign_type: 'RSA' } })))).toMatch(
      /sign_type/,
    );
    expect(refusal(() => p.verifyWebhook(alipayNotify({}, { after: { sign: '' } })))).toMatch(/without sign/);
    expect(refusal(() => p.verifyWebhook(alipayNotify({ total_amount: '599.001' })))).toMatch(/total_amount/);
    // a signature that is not even base64 of the right length
    expect(
      refusal(() => p.verifyWebhook({ ...alipayNotify(), rawBody: Buffer.from('sign=abc&app_id=1') })),
    ).toMatch(/signature/);
  });
});

// ── Sandbox ───────────────────────────────────────────────────────────────────────────────────────────────

describe('sandbox provider', () => {
  const secret = Buffer.from('a'.repeat(32));
  const event = {
    eventId: 'sbx_evt_1',
    orderNo: 'D1',
    providerRef: 'sbx_tok',
    outcome: 'succeeded' as const,
    amountMinor: 59900,
    currency: 'USD' as const,
  };
  const deliver = (d: { headers: Record<string, string>; rawBody: Buffer }, now = NOW): WebhookInput => ({
    ...d,
    now,
  });

  it('creates unguessable tokens pointing at the TEST checkout page', async () => {
    const p = new SandboxPaymentProvider(secret);
    const a = await p.createCheckout(request());
    const b = await p.createCheckout(request());
    expect(a.providerRef).not.toBe(b.providerRef);
    expect(a.providerRef.length).toBeGreaterThanOrEqual(32);
    expect(a.redirectUrl).toBe(`/payService/sandbox?token=${a.providerRef}`);
    const until = new Date(NOW.getTime() + 3600_000);
    expect((await p.createCheckout(request({ expiresAt: until }))).expiresAt).toEqual(until);
    expect(new URL(a.redirectUrl, 'http://x').searchParams.get('token')).toBe(a.providerRef);
    expect(p.methods).toEqual(['online', 'wallet']);
  });

  it('verifies its own signed events and refuses tampered, stale or foreign ones', () => {
    const p = new SandboxPaymentProvider(secret);
    const d = p.signEvent({ ...event, now: NOW });
    expect(d.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(p.verifyWebhook(deliver(d))).toMatchObject({
      eventId: 'sbx_evt_1',
      orderNo: 'D1',
      providerRef: 'sbx_tok',
      outcome: 'succeeded',
      amountMinor: 59900,
      currency: 'USD',
    });
    expect(
      p.verifyWebhook(deliver(p.signEvent({ ...event, outcome: 'failed', currency: 'CNY', now: NOW }))),
    ).toMatchObject({ outcome: 'failed', currency: 'CNY' });
    const tampered = { ...d, rawBody: Buffer.from(d.rawBody.toString().replace('59900', '1')) };
    expect(refusal(() => p.verifyWebhook(deliver(tampered)))).toMatch(/signature/);
    expect(refusal(() => p.verifyWebhook(deliver(d, new Date(NOW.getTime() + 301_000))))).toMatch(
      /tolerance/,
    );
    expect(p.verifyWebhook(deliver(d, new Date(NOW.getTime() + 299_000)))).not.toBeNull();
    const other = new SandboxPaymentProvider(Buffer.from('b'.repeat(32)));
    expect(refusal(() => other.verifyWebhook(deliver(d)))).toMatch(/signature/);
    expect(refusal(() => p.verifyWebhook({ ...deliver(d), headers: {} }))).toMatch(/missing/);
  });

  it('signs with the current time by default', () => {
    const p = new SandboxPaymentProvider(secret);
    expect(p.verifyWebhook({ ...p.signEvent(event), now: new Date() })?.eventId).toBe('sbx_evt_1');
  });
});

// ── Configuration ─────────────────────────────────────────────────────────────────────────────────────────

describe('payment configuration', () => {
  const authSecret = Buffer.from('s'.repeat(32));
  const realEnv = () => ({
    PAYMENT_ONLINE_PROVIDER: 'stripe',
    PAYMENT_WALLET_PROVIDER: 'alipay',
    STRIPE_SECRET_KEY: SK,
    STRIPE_WEBHOOK_SECRET: WHSEC,
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: pem(app.privateKey).replace(/\n/g, '\\n'),
    ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey),
    ALIPAY_GATEWAY: GATEWAY,
    PUBLIC_BASE_URL: 'https://dossier.example/',
  });

  it('defaults to the sandbox for both methods', async () => {
    const c = loadConfig({});
    expect(c.payment).toMatchObject({
      onlineProvider: 'sandbox',
      walletProvider: 'sandbox',
      publicBaseUrl: 'http://localhost:3000',
      stripe: { apiBase: 'https://api.stripe.com' },
      alipay: { gateway: 'https://openapi.alipay.com/gateway.do' },
    });
    const p = createPaymentProviders(c.payment, { secret: authSecret });
    expect(p.forMethod('online')).toBe(p.sandbox);
    expect(p.forMethod('wallet')).toBe(p.sandbox);
    expect(p.byId('sandbox')).toBe(p.sandbox);
    expect(p.byId('stripe')).toBeUndefined();
    expect(p.sandboxEnabled).toBe(true);
    // the signing key is derived from the auth secret: another app's events are refused
    const q = createPaymentProviders(c.payment, { secret: Buffer.from('t'.repeat(32)) });
    const d = p.sandbox.signEvent({
      eventId: 'e',
      orderNo: 'o',
      providerRef: 'r',
      outcome: 'failed',
      amountMinor: 1,
      currency: 'USD',
    });
    expect(p.sandbox.verifyWebhook({ ...d, now: new Date() })).not.toBeNull();
    expect(refusal(() => q.sandbox.verifyWebhook({ ...d, now: new Date() }))).toMatch(/signature/);
  });

  it('builds the real providers when configured, with the notify URL on the public origin', async () => {
    // Production refuses every dev provider, SMS and mail included (config.unit.test.ts).
    const c = loadConfig({
      ...realEnv(),
      NODE_ENV: 'production',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15550000000',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://localhost:25',
    });
    expect(c.payment.publicBaseUrl).toBe('https://dossier.example');
    const p = createPaymentProviders(c.payment, { secret: authSecret });
    expect(p.forMethod('online').id).toBe('stripe');
    expect(p.forMethod('wallet').id).toBe('alipay');
    expect(p.byId('alipay')).toBe(p.forMethod('wallet'));
    expect(p.byId('sandbox')).toBeUndefined();
    expect(p.byId('nope')).toBeUndefined();
    expect(p.sandboxEnabled).toBe(false);
    const s = await p.forMethod('wallet').createCheckout(request({ currency: 'CNY', method: 'wallet' }));
    expect(new URL(s.redirectUrl).searchParams.get('notify_url')).toBe(
      'https://dossier.example/api/payment/webhook/alipay/',
    );
    const custom = createPaymentProviders(c.payment, {
      secret: authSecret,
      publicBaseUrl: 'https://other.example',
      webhookPath: (id) => `/api/shop/webhooks/${id}`,
    });
    const t = await custom.forMethod('wallet').createCheckout(request({ currency: 'CNY', method: 'wallet' }));
    expect(new URL(t.redirectUrl).searchParams.get('notify_url')).toBe(
      'https://other.example/api/shop/webhooks/alipay',
    );
    // mixing: a real online provider with the sandbox wallet
    const mixed = createPaymentProviders(
      loadConfig({ ...realEnv(), PAYMENT_WALLET_PROVIDER: 'sandbox' }).payment,
      { secret: authSecret },
    );
    expect(mixed.forMethod('wallet')).toBe(mixed.sandbox);
    expect(mixed.byId('stripe')?.id).toBe('stripe');
    expect(mixed.sandboxEnabled).toBe(true);
  });

  it('refuses a real provider without its keys', () => {
    expect(() => loadConfig({ PAYMENT_ONLINE_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required with PAYMENT_ONLINE_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_WALLET_PROVIDER: 'alipay', ALIPAY_APP_ID: APP_ID })).toThrow(
      /ALIPAY_PRIVATE_KEY is required with PAYMENT_WALLET_PROVIDER=alipay[\s\S]*ALIPAY_PUBLIC_KEY[\s\S]*PUBLIC_BASE_URL/,
    );
    expect(() => loadConfig({ ...realEnv(), STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/whsec_/);
    expect(() => loadConfig({ ...realEnv(), STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/sk_/);
    expect(() => loadConfig({ PAYMENT_ONLINE_PROVIDER: 'paypal' })).toThrow(/PAYMENT_ONLINE_PROVIDER/);
    expect(() =>
      createPaymentProviders(loadConfig({ ...realEnv(), ALIPAY_PRIVATE_KEY: 'garbage' }).payment, {
        secret: authSecret,
      }),
    ).toThrow(/ALIPAY_PRIVATE_KEY is not a usable RSA private key/);
  });

  it('refuses the sandbox in production unless INSECURE_DEMO_MODE=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYMENT_ONLINE_PROVIDER: PAYMENT_ONLINE_PROVIDER=sandbox marks orders paid without money and is refused when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ ...realEnv(), NODE_ENV: 'production', PAYMENT_WALLET_PROVIDER: 'sandbox' }),
    ).toThrow(/PAYMENT_WALLET_PROVIDER: PAYMENT_WALLET_PROVIDER=sandbox/);
    const c = loadConfig({ NODE_ENV: 'production', INSECURE_DEMO_MODE: 'true' });
    expect(c.insecureDemoMode).toBe(true);
    expect(c.payment.onlineProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).payment.onlineProvider).toBe('sandbox');
  });
});

describe('alipay refund (alipay.trade.refund against a local gateway stand-in)', () => {
  let gateway: Server;
  let base = '';
  const asked: URLSearchParams[] = [];
  /** What the stand-in answers next: its JSON body text and the key signing alipay_trade_refund_response. */
  let answer: (req: URLSearchParams) => { section: string; key: KeyObject } = () => ({
    section: '{}',
    key: alipayKeys.privateKey,
  });
  beforeAll(async () => {
    gateway = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        asked.push(form);
        const { section, key } = answer(form);
        const sign = createSign('RSA-SHA256').update(section).sign(key, 'base64');
        // Alipay's layout: the signed section verbatim, then the signature.
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"alipay_trade_refund_response":${section},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/gateway.do`;
  });
  afterAll(() => new Promise((r) => gateway.close(r)));

  const provider = () =>
    new AlipayPaymentProvider({
      appId: APP_ID,
      privateKey: pem(app.privateKey),
      alipayPublicKey: pem(alipayKeys.publicKey),
      gateway: base,
      notifyUrl: 'https://dossier.example/api/payment/webhook/alipay/',
      timeoutMs: 5_000,
    });
  const req = {
    orderNo: 'D20250301-7K3QZP',
    payment: { eventId: '2025030122001:succeeded', raw: { trade_no: '2025030122001' } },
    amountMinor: 59_900,
    currency: 'CNY' as const,
    idempotencyKey: 'dossier-refund-7',
    reason: 'customer asked / a=b',
    now: new Date('2025-03-02T04:00:00Z'),
  };

  it('sends a signed request and believes a signed answer', async () => {
    answer = () => ({
      section:
        '{"code":"10000","msg":"Success","fund_change":"Y","out_trade_no":"D20250301_7K3QZP","refund_fee":"599.00","trade_no":"2025030122001"}',
      key: alipayKeys.privateKey,
    });
    const r = await provider().refund(req);
    expect(r).toMatchObject({ refundId: '2025030122001:dossier-refund-7', status: 'succeeded' });
    const form = asked.at(-1)!;
    const params = Object.fromEntries(form);
    expect(params).toMatchObject({ app_id: APP_ID, method: 'alipay.trade.refund', sign_type: 'RSA2' });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'D20250301_7K3QZP',
      trade_no: '2025030122001',
      refund_amount: '599.00',
      refund_reason: 'customer asked   a b',
      out_request_no: 'dossier-refund-7',
    });
    const ok = createVerify('RSA-SHA256')
      .update(content(params, ['sign']))
      .verify(app.publicKey, params.sign!, 'base64');
    expect(ok).toBe(true);
  });

  it('refuses an answer signed by another key, and a refusal code', async () => {
    answer = () => ({ section: '{"code":"10000","fund_change":"Y"}', key: stranger.privateKey });
    await expect(provider().refund(req)).rejects.toThrow(/signature mismatch/);
    answer = () => ({
      section:
        '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_HAS_FINISHED","sub_msg":"done"}',
      key: alipayKeys.privateKey,
    });
    await expect(provider().refund(req)).rejects.toThrow(/40004 ACQ.TRADE_HAS_FINISHED/);
    await expect(provider().refund({ ...req, currency: 'USD' })).rejects.toThrow(/cannot refund USD/);
  });

  it('cuts the signed section out of the text exactly (braces and quotes inside strings)', () => {
    const text = '{"x_response":{"a":"}{\\"","b":{"c":1}},"sign":"s"}';
    expect(alipayResponseSection(text, 'x_response')).toBe('{"a":"}{\\"","b":{"c":1}}');
    expect(alipayResponseSection(text, 'missing')).toBeNull();
  });
});
