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
import { header, parseJsonBody, toAmountMinor, toCurrency, verifyTimestampedSignature } from './util.ts';

export interface StripeOptions {
  /** sk_live_… / sk_test_… */
  secretKey: string;
  /** whsec_… of the webhook endpoint. */
  webhookSecret: string;
  /** https://api.stripe.com (a local stand-in in tests). */
  apiBase: string;
  timeoutMs?: number;
}

export const STRIPE_TOLERANCE_SECONDS = 300;
/** Stripe accepts expires_at 30 minutes to 24 hours after creation; a minute of margin each side. */
const MIN_EXPIRY_S = 30 * 60 + 60;
const MAX_EXPIRY_S = 24 * 60 * 60 - 60;

interface StripeSession {
  id?: unknown;
  object?: unknown;
  client_reference_id?: unknown;
  metadata?: { order_no?: unknown } | null;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
}

/**
 * Stripe Checkout (hosted page, mode=payment) for the online payment in USD. The webhook endpoint should
 * subscribe to checkout.session.completed, checkout.session.async_payment_succeeded and
 * checkout.session.async_payment_failed.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe' as const;
  readonly methods = ['online'] as const;
  readonly ack = { contentType: 'application/json', body: '{"received":true}' };

  constructor(private readonly opts: StripeOptions) {}

  /** expires_at clamped into the window Stripe accepts. */
  static expiresAt(requested: Date, now: Date): number {
    const n = Math.floor(now.getTime() / 1000);
    const r = Math.floor(requested.getTime() / 1000);
    return Math.min(Math.max(r, n + MIN_EXPIRY_S), n + MAX_EXPIRY_S);
  }

  /**
   * POST /v1/refunds for the checkout session's payment_intent (taken from the verified webhook payload
   * kept with the payment), with Stripe's Idempotency-Key header so a retried call refunds once.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const raw = req.payment.raw as { data?: { object?: { payment_intent?: unknown } } } | null;
    const intent = raw?.data?.object?.payment_intent;
    if (typeof intent !== 'string' || !intent) {
      throw new PaymentProviderError(this.id, 'the payment has no payment_intent to refund');
    }
    const form = new URLSearchParams({
      payment_intent: intent,
      amount: String(req.amountMinor),
      reason: 'requested_by_customer',
      'metadata[order_no]': req.orderNo,
      'metadata[reason]': req.reason.slice(0, 500),
    });
    const body = await this.post('/v1/refunds', form, { 'idempotency-key': req.idempotencyKey });
    if (typeof body.id !== 'string' || body.object !== 'refund') {
      throw new PaymentProviderError(this.id, 'refund answer without a refund id');
    }
    const status = typeof body.status === 'string' ? body.status : 'unknown';
    if (status === 'failed' || status === 'canceled') {
      throw new PaymentProviderError(this.id, `refund ${body.id} ${status}`);
    }
    if (body.amount !== undefined && body.amount !== req.amountMinor) {
      throw new PaymentProviderError(
        this.id,
        `refund ${body.id} of ${String(body.amount)}, not ${req.amountMinor}`,
      );
    }
    return { refundId: body.id, status, raw: body };
  }

  /** One form POST to Stripe's API: Bearer auth, a timeout, Stripe's error shape turned into PaymentProviderError. */
  private async post(
    path: string,
    form: URLSearchParams,
    extra: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.opts.apiBase), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...extra,
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new PaymentProviderError(this.id, `request failed: ${(e as Error).message}`);
    }
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(this.id, `HTTP ${res.status} non-JSON answer`, res.status);
    }
    if (!res.ok) {
      const e = (body.error ?? {}) as { type?: string; code?: string; message?: string };
      const detail = [e.type, e.code, e.message].filter(Boolean).join(' ');
      throw new PaymentProviderError(this.id, `HTTP ${res.status} ${detail}`.trim(), res.status);
    }
    return body;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const form = new URLSearchParams({
      mode: 'payment',
      client_reference_id: req.orderNo,
      'metadata[order_no]': req.orderNo,
      'line_items[0][price_data][currency]': req.currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': String(req.amountMinor),
      'line_items[0][price_data][product_data][name]': req.description,
      'line_items[0][quantity]': '1',
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      expires_at: String(StripePaymentProvider.expiresAt(req.expiresAt, req.now)),
      locale: req.locale === 'zh' ? 'zh' : 'en',
    });
    let res: Response;
    try {
      res = await fetch(new URL('/v1/checkout/sessions', this.opts.apiBase), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new PaymentProviderError(this.id, `request failed: ${(e as Error).message}`);
    }
    const text = await res.text();
    let body: {
      id?: unknown;
      url?: unknown;
      expires_at?: unknown;
      error?: { type?: string; code?: string; message?: string };
    };
    try {
      body = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(this.id, `HTTP ${res.status} non-JSON answer`, res.status);
    }
    if (!res.ok) {
      const e = body.error ?? {};
      const detail = [e.type, e.code, e.message].filter(Boolean).join(' ');
      throw new PaymentProviderError(this.id, `HTTP ${res.status} ${detail}`.trim(), res.status);
    }
    if (typeof body.id !== 'string' || typeof body.url !== 'string') {
      throw new PaymentProviderError(this.id, 'session without id or url', res.status);
    }
    // Stripe answers the expiry it applied; the one asked for when an answer lacks it.
    const expiresAt =
      typeof body.expires_at === 'number' && Number.isSafeInteger(body.expires_at)
        ? body.expires_at
        : Number(form.get('expires_at'));
    return { providerRef: body.id, redirectUrl: body.url, expiresAt: new Date(expiresAt * 1000) };
  }

  verifyWebhook(input: WebhookInput): VerifiedPaymentEvent | null {
    verifyTimestampedSignature(
      input,
      header(input, 'stripe-signature'),
      this.opts.webhookSecret,
      STRIPE_TOLERANCE_SECONDS,
    );
    const event = parseJsonBody(input.rawBody) as {
      id?: unknown;
      type?: unknown;
      data?: { object?: StripeSession };
    };
    if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
      throw new WebhookRefusedError('not a Stripe event');
    }
    const session = event.data?.object;
    let outcome: 'succeeded' | 'failed';
    switch (event.type) {
      case 'checkout.session.completed':
        // 'unpaid': a delayed method (its result comes as async_payment_*); 'no_payment_required': no money.
        if (session?.payment_status !== 'paid') return null;
        outcome = 'succeeded';
        break;
      case 'checkout.session.async_payment_succeeded':
        outcome = 'succeeded';
        break;
      case 'checkout.session.async_payment_failed':
        outcome = 'failed';
        break;
      default:
        // checkout.session.expired included: the order expires on its own schedule and may have a newer session.
        return null;
    }
    if (session?.object !== 'checkout.session' || typeof session.id !== 'string') {
      throw new WebhookRefusedError('event without a checkout session');
    }
    const orderNo =
      typeof session.client_reference_id === 'string' && session.client_reference_id
        ? session.client_reference_id
        : typeof session.metadata?.order_no === 'string'
          ? session.metadata.order_no
          : '';
    if (!orderNo) throw new WebhookRefusedError('session without client_reference_id');
    return {
      eventId: event.id,
      orderNo,
      providerRef: session.id,
      outcome,
      amountMinor: toAmountMinor(session.amount_total),
      currency: toCurrency(session.currency),
      raw: event,
    };
  }
}
