import type { Currency, PaymentMethod } from '@dossier/contract';

/**
 * One interface for every payment provider (issue 5): the embedded default `sandbox` (a clearly marked TEST
 * checkout page), `stripe` (Checkout, USD, online payment) and `alipay` (page pay, CNY, wallet payment).
 * Bank transfer needs no provider: staff confirm it (modules/shop).
 */
export type PaymentProviderId = 'sandbox' | 'stripe' | 'alipay';

export interface CheckoutRequest {
  /** Our order number: the provider echoes it back in its webhook (client_reference_id / out_trade_no). */
  orderNo: string;
  /** Minor units of `currency` (cents, fen). */
  amountMinor: number;
  currency: Currency;
  method: Extract<PaymentMethod, 'wallet' | 'online'>;
  /** Shown on the provider's page. */
  description: string;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  /** The checkout should not be payable after this. */
  expiresAt: Date;
  /** The customer's interface language. */
  locale: 'zh' | 'en';
  /** The shop's clock (adapters take no time of their own). */
  now: Date;
}

export interface CheckoutSession {
  /** The provider's session reference (stored on the order; unique). */
  providerRef: string;
  /** Where to send the browser. */
  redirectUrl: string;
  /** Until when the provider lets it be paid (the shop hands the same checkout out again until then). */
  expiresAt: Date;
}

/** A webhook whose signature was verified. Amount and currency are checked against the order by the shop. */
export interface VerifiedPaymentEvent {
  /** The provider's unique event or transaction id: the idempotency key of the payment. */
  eventId: string;
  orderNo: string;
  providerRef?: string;
  outcome: 'succeeded' | 'failed';
  amountMinor: number;
  currency: Currency;
  /** The parsed payload, kept with the payment. */
  raw: unknown;
}

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received (signatures are computed over them). */
  rawBody: Buffer;
  now: Date;
}

/** Thrown by verifyWebhook for a delivery that must be refused (bad signature, stale timestamp, malformed). */
export class WebhookRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`webhook refused: ${reason}`);
  }
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Methods this provider serves ('online' USD, 'wallet' CNY). */
  readonly methods: readonly Extract<PaymentMethod, 'wallet' | 'online'>[];
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies and parses one webhook delivery. Returns null for a genuine event that is not about a payment
   * outcome (to be acknowledged and ignored); throws WebhookRefusedError when it must be refused.
   */
  verifyWebhook(input: WebhookInput): VerifiedPaymentEvent | null;
  /** What to answer the provider after a delivery was handled (Alipay wants the text "success"). */
  readonly ack: { contentType: string; body: string };
  /**
   * Gives back (part of) a payment this provider recorded (decision 0034). Resolves once the provider
   * accepted the refund; throws PaymentProviderError when it refused or could not be reached.
   */
  refund(req: RefundRequest): Promise<RefundResult>;
}

/** A refund of one recorded payment. */
export interface RefundRequest {
  /** Our order number (Alipay's out_trade_no is derived from it). */
  orderNo: string;
  /** The payment as recorded: its provider event id and the verified payload kept with it. */
  payment: { eventId: string; raw: unknown };
  /** Minor units of `currency`, at most what the payment has left to refund. */
  amountMinor: number;
  currency: Currency;
  /** Sent as the provider's idempotency key (Stripe Idempotency-Key, Alipay out_request_no). */
  idempotencyKey: string;
  reason: string;
  now: Date;
}

export interface RefundResult {
  /** The provider's refund reference (re_… for Stripe, the trade_no for Alipay). */
  refundId: string;
  /** The provider's own status word, kept for staff. */
  status: string;
  raw: unknown;
}

/** createCheckout failed at the provider (network, HTTP error, unusable answer): the shop answers 502. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderId,
    readonly detail: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(`${provider}: ${detail}`);
  }
}
