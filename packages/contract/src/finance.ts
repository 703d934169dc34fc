import { z } from 'zod';
import { ZCountValue, ZIdValue, ZMinorAmount, ZMinorValue, ZPage, ZPageQuery } from './common.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, ZOrder, ZPaymentFlag } from './shop.ts';

/**
 * The finance part of the staff console (issue 16 item 7; decision 0034): orders search and refunds, payment
 * flags resolved with a note, and the catalogue, exchange rate and promo codes (changes apply to new orders
 * only: an order keeps the amounts it was created with). Roles admin and finance.
 */

/** Error codes of this area; each is errors.<code> in packages/i18n. */
export const FinanceErrorCode = {
  /** A refund of an order that has received no money, or is already refunded (409). */
  orderNotRefundable: 'order_not_refundable',
  /** Another refund of the same order is still at the provider (409). */
  refundInProgress: 'refund_in_progress',
  /** More than the payment has left to refund (409, names what is left). */
  refundExceedsPaid: 'refund_exceeds_paid',
  /** A bank-transfer refund needs the reference of the transfer staff made (400). */
  refundReferenceRequired: 'refund_reference_required',
  /** The provider of the payment is not configured any more: refund by hand (409). */
  refundProviderUnavailable: 'refund_provider_unavailable',
  /** The flag was already resolved (409). */
  flagAlreadyResolved: 'flag_already_resolved',
  /** A promo code with this code exists (409). */
  promoCodeTaken: 'promo_code_taken',
  /** The exchange rate is not a positive number with at most 4 decimals (400). */
  exchangeRateInvalid: 'exchange_rate_invalid',
} as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');

/** GET /api/staff/order/ — newest first; every filter optional; `from`/`to` are UTC days of creation. */
export const ZStaffOrderQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  order_no: z.string().trim().max(40).optional(),
  /** Digits of the customer's phone (a part is enough). */
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d -]{3,20}$/, 'phone')
    .optional(),
  status: z.enum([...ORDER_STATUSES]).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TStaffOrderQuery = z.infer<typeof ZStaffOrderQuery>;

const ZMoneyOut = z.object({ amount: ZMinorValue, currency: z.enum(['USD', 'CNY']) });

export const ZStaffPayment = z.object({
  id: ZIdValue,
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  amount: ZMoneyOut,
  status: z.string(),
  /** What has been refunded of it (succeeded refunds). */
  refunded: ZMoneyOut,
  created_at: z.string(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const ZRefund = z.object({
  id: ZIdValue,
  payment_id: ZIdValue,
  provider: z.string(),
  amount: ZMoneyOut,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's refund reference, or the bank reference typed by staff. */
  provider_refund_id: z.string().nullable(),
  failure: z.string().nullable(),
  staff: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TRefund = z.infer<typeof ZRefund>;

/** An order as staff see it: the customer's order view plus who bought it, its payments and refunds. */
export const ZStaffOrder = ZOrder.extend({
  customer_id: ZIdValue.nullable(),
  /** "+86 13800000000"; null once the account was erased. */
  customer_phone: z.string().nullable(),
  language: z.enum(['zh', 'en']),
  status_reason: z.string().nullable(),
  payments: z.array(ZStaffPayment),
  refunds: z.array(ZRefund),
  /** The payment a refund would give back now and how much of it is left; null when nothing can be. */
  refundable: z.object({ payment_id: ZIdValue, provider: z.string(), amount: ZMoneyOut }).nullable(),
});
export type TStaffOrder = z.infer<typeof ZStaffOrder>;
export const ZStaffOrderPage = ZPage(ZStaffOrder);

/**
 * POST /api/staff/order/{id}/refund/ with a required Idempotency-Key header. `amount` (minor units of the
 * refunded payment's currency) defaults to everything it has left; `reference` is required for a payment
 * by bank transfer (the money goes back by a transfer staff make and record here).
 */
export const ZStaffRefundRequest = z.object({
  reason: z.string().trim().min(1).max(500),
  amount: ZMinorAmount.optional(),
  reference: z.string().trim().min(1).max(200).optional(),
});
export type TStaffRefundRequest = z.infer<typeof ZStaffRefundRequest>;

/** POST /api/staff/payment_flag/{id}/resolve/ */
export const ZPaymentFlagResolveRequest = z.object({ note: z.string().trim().min(1).max(500) });
export const ZResolvedPaymentFlag = ZPaymentFlag.extend({
  resolved_by: z.string().nullable(),
  resolution_note: z.string().nullable(),
});

// ── Catalogue, exchange rate, promo codes ────────────────────────────────────────────────────────────────

export const ZStaffProduct = z.object({
  id: ZIdValue,
  project_code: z.string(),
  service: z.string(),
  kind: z.enum(['base', 'addon']),
  name_zh: z.string(),
  name_en: z.string(),
  price: ZMoneyOut,
  duration_months: ZCountValue.nullable(),
  active: z.boolean(),
});
export type TStaffProduct = z.infer<typeof ZStaffProduct>;
/** GET /api/staff/product/ — every product of every project, in shop order. */
export const ZStaffProductList = z.array(ZStaffProduct);

/** PATCH /api/staff/product/{id}/ — the list price (USD cents) and whether it is sold; new orders only. */
export const ZStaffProductPatch = z
  .object({ price_minor: ZMinorAmount.optional(), active: z.boolean().optional() })
  .refine((v) => v.price_minor !== undefined || v.active !== undefined, { message: 'empty' });

/** CNY per USD, e.g. "7.1234" (at most 4 decimals). */
export const ZExchangeRateValue = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'exchange_rate');
export const ZExchangeRate = z.object({
  id: ZIdValue,
  rate: z.string(),
  effective_at: z.string(),
  created_at: z.string(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;
/** GET /api/staff/exchange_rate/ — the rate in force and the latest changes. */
export const ZExchangeRates = z.object({
  current: ZExchangeRate.nullable(),
  history: z.array(ZExchangeRate),
});
/**
 * POST /api/staff/exchange_rate/ — in force from `effective_at` (default, and at the earliest, now) for orders
 * created from then on.
 */
export const ZExchangeRateCreate = z.object({
  rate: ZExchangeRateValue,
  effective_at: z.iso.datetime({ offset: true }).optional(),
});

export const PROMO_KINDS = ['percent', 'amount'] as const;
export const ZStaffPromoCode = z.object({
  id: ZIdValue,
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent (1–100) or USD cents. */
  value: ZCountValue,
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  referral: z.boolean(),
  created_at: z.string(),
});
export type TStaffPromoCode = z.infer<typeof ZStaffPromoCode>;
export const ZStaffPromoCodeQuery = ZPageQuery({ size: 50, maxSize: 200 });
export const ZStaffPromoCodePage = ZPage(ZStaffPromoCode);
/** POST /api/staff/promo_code/ — a promo code for first purchases (percent 1–100 or USD cents). */
export const ZStaffPromoCodeCreate = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'promo_code'),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int().min(1).max(10_000_00),
    valid_from: z.iso.datetime({ offset: true }).optional(),
    valid_until: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => v.kind !== 'percent' || v.value <= 100, { path: ['value'], message: 'percent' });
