import { randomBytes } from 'node:crypto';
import type { Currency } from '@dossier/contract';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type VerifiedPaymentEvent,
  type WebhookInput,
  WebhookRefusedError,
} from './payment.ts';
import {
  header,
  hmacSha256Hex,
  parseJsonBody,
  toAmountMinor,
  toCurrency,
  verifyTimestampedSignature,
} from './util.ts';

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-dossier-sandbox-signature';
export const SANDBOX_TOLERANCE_SECONDS = 300;
/** Where the web shows the TEST checkout page. */
export const SANDBOX_CHECKOUT_PATH = '/payService/sandbox';

export interface SandboxEventInput {
  /** Unique per delivery attempt that should count as one payment (the idempotency key). */
  eventId: string;
  orderNo: string;
  providerRef: string;
  outcome: 'succeeded' | 'failed';
  amountMinor: number;
  currency: Currency;
  /** Signing time (default: now). */
  now?: Date;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  rawBody: Buffer;
}

/**
 * The embedded default for both methods: no money moves. createCheckout sends the browser to the TEST
 * checkout page; its Pay/Fail buttons make the server sign an event with signEvent and hand it to
 * verifyWebhook, the same path a real provider's delivery takes.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;
  readonly methods = ['online', 'wallet'] as const;
  readonly ack = { contentType: 'application/json', body: '{"received":true}' };

  constructor(private readonly secret: Buffer | string) {}

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const token = `sbx_${randomBytes(24).toString('base64url')}`;
    return {
      providerRef: token,
      redirectUrl: `${SANDBOX_CHECKOUT_PATH}?token=${token}`,
      expiresAt: req.expiresAt,
    };
  }

  /** No money moved, so none moves back: the refund is accepted at once. */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const refundId = `sbx_re_${randomBytes(12).toString('base64url')}`;
    return {
      refundId,
      status: 'succeeded',
      raw: {
        id: refundId,
        payment: req.payment.eventId,
        amount_minor: req.amountMinor,
        currency: req.currency,
      },
    };
  }

  signEvent(e: SandboxEventInput): SignedDelivery {
    const body = {
      id: e.eventId,
      type: 'sandbox.payment',
      order_no: e.orderNo,
      provider_ref: e.providerRef,
      outcome: e.outcome,
      amount_minor: e.amountMinor,
      currency: e.currency,
    };
    const rawBody = Buffer.from(JSON.stringify(body));
    const t = Math.floor((e.now ?? new Date()).getTime() / 1000);
    const v1 = hmacSha256Hex(this.secret, Buffer.concat([Buffer.from(`${t}.`), rawBody]));
    return {
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
      rawBody,
    };
  }

  verifyWebhook(input: WebhookInput): VerifiedPaymentEvent | null {
    verifyTimestampedSignature(
      input,
      header(input, SANDBOX_SIGNATURE_HEADER),
      this.secret,
      SANDBOX_TOLERANCE_SECONDS,
    );
    const raw = parseJsonBody(input.rawBody) as Record<string, unknown>;
    if (raw?.type !== 'sandbox.payment') return null;
    const { id, order_no, provider_ref, outcome } = raw;
    if (typeof id !== 'string' || !id) throw new WebhookRefusedError('event without id');
    if (typeof order_no !== 'string' || !order_no) throw new WebhookRefusedError('event without order_no');
    if (outcome !== 'succeeded' && outcome !== 'failed') throw new WebhookRefusedError('unknown outcome');
    return {
      eventId: id,
      orderNo: order_no,
      providerRef: typeof provider_ref === 'string' ? provider_ref : undefined,
      outcome,
      amountMinor: toAmountMinor(raw.amount_minor),
      currency: toCurrency(raw.currency),
      raw,
    };
  }
}
