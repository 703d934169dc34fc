import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
  type VerifiedPaymentEvent,
  type WebhookInput,
  WebhookRefusedError,
} from './payment.ts';

export interface AlipayOptions {
  appId: string;
  /** The app's RSA private key: PEM, or the bare base64 (PKCS#8 or PKCS#1) Alipay's key tool prints. */
  privateKey: string;
  /** Alipay's public key (not the app's): PEM or bare base64 SPKI. */
  alipayPublicKey: string;
  /** Timeout of a server-to-server call (alipay.trade.refund). */
  timeoutMs?: number;
  /** https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  gateway: string;
  /** Absolute URL of our asynchronous notification endpoint. */
  notifyUrl: string;
}

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000; // UTC+8, no daylight saving

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai, the format of Alipay's timestamp and time_expire. */
export function alipayTime(d: Date): string {
  const s = new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)}`;
}

/** Fen → "599.00". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`invalid amount ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "599.00" / "599.5" / "599" → fen, exactly (no floating point); null when not a yuan amount. */
export function yuanToFen(yuan: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * out_trade_no allows only letters, digits and underscores (64 at most): our order numbers' hyphens become
 * underscores, and back in notifications. Order numbers with an underscore or other characters are refused.
 */
export function toOutTradeNo(orderNo: string): string | null {
  return /^[A-Za-z0-9-]{1,64}$/.test(orderNo) ? orderNo.replace(/-/g, '_') : null;
}

export const fromOutTradeNo = (outTradeNo: string) => outTradeNo.replace(/_/g, '-');

/**
 * Alipay's signing content: every parameter except `sign` (and, when verifying a notification,
 * `sign_type`) whose value is not empty, sorted by name, joined as `k=v&k=v` with the values unencoded.
 */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

function wrapPem(b64: string, label: string): string {
  const body = b64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export function loadAlipayPrivateKey(key: string): KeyObject {
  const k = key.replace(/\\n/g, '\n').trim();
  if (k.includes('-----BEGIN')) return createPrivateKey(k);
  try {
    return createPrivateKey(wrapPem(k, 'PRIVATE KEY'));
  } catch {
    return createPrivateKey(wrapPem(k, 'RSA PRIVATE KEY'));
  }
}

export function loadAlipayPublicKey(key: string): KeyObject {
  const k = key.replace(/\\n/g, '\n').trim();
  return createPublicKey(k.includes('-----BEGIN') ? k : wrapPem(k, 'PUBLIC KEY'));
}

/**
 * The exact text of the JSON value under `key` in an Alipay gateway answer: the response signature is
 * computed over those bytes as sent, so the value is cut out of the text, not re-serialised. Null when the
 * key is missing or its value is not an object.
 */
export function alipayResponseSection(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = text.indexOf(':', at + key.length + 2);
  if (i < 0) return null;
  i += 1;
  while (i < text.length && /\s/.test(text[i]!)) i += 1;
  if (text[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j += 1) {
    const c = text[j];
    if (inString) {
      if (c === '\\') j += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(i, j + 1);
    }
  }
  return null;
}

/**
 * Alipay computer-website payment (alipay.trade.page.pay, product FAST_INSTANT_TRADE_PAY) for the wallet
 * payment in CNY. The checkout is a signed gateway URL (no server-to-server call); out_trade_no is our
 * order number (hyphens as underscores) and is also the providerRef. Results arrive as signed asynchronous notifications.
 */
export class AlipayPaymentProvider implements PaymentProvider {
  readonly id = 'alipay' as const;
  readonly methods = ['wallet'] as const;
  /** Alipay retries the notification until it reads exactly this. */
  readonly ack = { contentType: 'text/plain', body: 'success' };
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly opts: AlipayOptions) {
    try {
      this.privateKey = loadAlipayPrivateKey(opts.privateKey);
    } catch (e) {
      throw new Error(`ALIPAY_PRIVATE_KEY is not a usable RSA private key: ${(e as Error).message}`);
    }
    try {
      this.publicKey = loadAlipayPublicKey(opts.alipayPublicKey);
    } catch (e) {
      throw new Error(`ALIPAY_PUBLIC_KEY is not a usable RSA public key: ${(e as Error).message}`);
    }
  }

  /** The signed request parameters (exposed for tests). */
  checkoutParams(req: CheckoutRequest): Record<string, string> {
    if (req.currency !== 'CNY') throw new PaymentProviderError(this.id, `cannot charge ${req.currency}`);
    const outTradeNo = toOutTradeNo(req.orderNo);
    if (!outTradeNo)
      throw new PaymentProviderError(this.id, `order number ${req.orderNo} cannot be an out_trade_no`);
    const params: Record<string, string> = {
      app_id: this.opts.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(req.now),
      version: '1.0',
      notify_url: this.opts.notifyUrl,
      return_url: req.successUrl,
      biz_content: JSON.stringify({
        out_trade_no: outTradeNo,
        total_amount: fenToYuan(req.amountMinor),
        // Alipay refuses / = & in the subject; 256 characters at most.
        subject: req.description.replace(/[/=&]/g, ' ').slice(0, 128),
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: alipayTime(req.expiresAt),
      }),
    };
    params.sign = sign(
      'RSA-SHA256',
      Buffer.from(alipaySignContent(params, ['sign'])),
      this.privateKey,
    ).toString('base64');
    return params;
  }

  private signed(params: Record<string, string>): Record<string, string> {
    params.sign = sign(
      'RSA-SHA256',
      Buffer.from(alipaySignContent(params, ['sign'])),
      this.privateKey,
    ).toString('base64');
    return params;
  }

  /** The signed alipay.trade.refund parameters (exposed for tests). */
  refundParams(req: RefundRequest): Record<string, string> {
    if (req.currency !== 'CNY') throw new PaymentProviderError(this.id, `cannot refund ${req.currency}`);
    const outTradeNo = toOutTradeNo(req.orderNo);
    if (!outTradeNo)
      throw new PaymentProviderError(this.id, `order number ${req.orderNo} has no out_trade_no`);
    const raw = req.payment.raw as { trade_no?: unknown } | null;
    return this.signed({
      app_id: this.opts.appId,
      method: 'alipay.trade.refund',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(req.now),
      version: '1.0',
      biz_content: JSON.stringify({
        out_trade_no: outTradeNo,
        ...(typeof raw?.trade_no === 'string' ? { trade_no: raw.trade_no } : {}),
        refund_amount: fenToYuan(req.amountMinor),
        refund_reason: req.reason.replace(/[/=&]/g, ' ').slice(0, 256),
        // Alipay's idempotency key of a (partial) refund: the same out_request_no again refunds nothing more.
        out_request_no: req.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
      }),
    });
  }

  /**
   * alipay.trade.refund, a server-to-server POST to the gateway; the answer's signature (over the exact
   * text of alipay_trade_refund_response) is verified with Alipay's public key before it is believed.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const params = this.refundParams(req);
    let res: Response;
    try {
      res = await fetch(this.opts.gateway, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new PaymentProviderError(this.id, `request failed: ${(e as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new PaymentProviderError(this.id, `HTTP ${res.status}`, res.status);
    const section = alipayResponseSection(text, 'alipay_trade_refund_response');
    let parsed: { sign?: unknown; alipay_trade_refund_response?: Record<string, unknown> };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(this.id, 'non-JSON answer', res.status);
    }
    const body = parsed.alipay_trade_refund_response;
    if (!section || !body)
      throw new PaymentProviderError(this.id, 'answer without alipay_trade_refund_response');
    let ok = false;
    try {
      ok =
        typeof parsed.sign === 'string' &&
        verify('RSA-SHA256', Buffer.from(section), this.publicKey, Buffer.from(parsed.sign, 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) throw new PaymentProviderError(this.id, 'answer signature mismatch');
    if (body.code !== '10000') {
      const detail = [body.code, body.sub_code, body.sub_msg ?? body.msg].filter(Boolean).join(' ');
      throw new PaymentProviderError(this.id, `refund refused: ${detail}`);
    }
    const tradeNo = typeof body.trade_no === 'string' ? body.trade_no : toOutTradeNo(req.orderNo);
    const { out_request_no } = JSON.parse(params.biz_content!) as { out_request_no: string };
    return {
      refundId: `${tradeNo}:${out_request_no}`,
      status: body.fund_change === 'Y' ? 'succeeded' : 'accepted',
      raw: body,
    };
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const params = this.checkoutParams(req);
    const url = new URL(this.opts.gateway);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { providerRef: toOutTradeNo(req.orderNo)!, redirectUrl: url.toString(), expiresAt: req.expiresAt };
  }

  verifyWebhook(input: WebhookInput): VerifiedPaymentEvent | null {
    const form = new URLSearchParams(input.rawBody.toString('utf8'));
    const params: Record<string, string> = {};
    for (const [k, v] of form) params[k] = v;
    const signature = params.sign;
    if (!signature) throw new WebhookRefusedError('notification without sign');
    if (params.sign_type && params.sign_type !== 'RSA2') {
      throw new WebhookRefusedError(`unsupported sign_type ${params.sign_type}`);
    }
    const content = Buffer.from(alipaySignContent(params, ['sign', 'sign_type']));
    let ok = false;
    try {
      ok = verify('RSA-SHA256', content, this.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) throw new WebhookRefusedError('signature mismatch');
    if (params.app_id !== this.opts.appId) throw new WebhookRefusedError('notification for another app_id');

    let outcome: 'succeeded' | 'failed';
    switch (params.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        outcome = 'succeeded';
        break;
      case 'TRADE_CLOSED':
        outcome = 'failed';
        break;
      default:
        return null; // WAIT_BUYER_PAY and anything new
    }
    const outTradeNo = params.out_trade_no;
    const tradeNo = params.trade_no;
    if (!outTradeNo) throw new WebhookRefusedError('notification without out_trade_no');
    if (!tradeNo) throw new WebhookRefusedError('notification without trade_no');
    const amountMinor = yuanToFen(params.total_amount ?? '');
    if (amountMinor === null) throw new WebhookRefusedError('total_amount is not an amount');
    return {
      // TRADE_SUCCESS and the later TRADE_FINISHED of the same trade are one payment.
      eventId: `${tradeNo}:${outcome}`,
      orderNo: fromOutTradeNo(outTradeNo),
      providerRef: outTradeNo,
      outcome,
      amountMinor,
      currency: 'CNY',
      raw: params,
    };
  }
}
