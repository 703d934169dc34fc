import { z } from 'zod';
import {
  ZCountValue,
  ZIdList,
  ZIdParam,
  ZIdValue,
  ZMinorAmount,
  ZMinorValue,
  ZPage,
  ZPageQuery,
} from './common.ts';

/**
 * Shop, orders, payments, entitlements and plans (spec §1 Offer, §2 Shop / Personal centre, §3 Order /
 * Pricing / Service package / Plan, §4 Order status / Package display, §5 Purchase, §6 roles, §7 Products,
 * plans and projects, §8 Payment messages, §9 prices and payment methods). Money is always an integer
 * amount of minor units (US cents, Chinese fen) with its currency.
 */

export const PROJECT_CODES = ['USA_EB1A', 'USA_NIW'] as const;
export type ProjectCode = (typeof PROJECT_CODES)[number];
export const ZProjectCode = z.enum(PROJECT_CODES);

/** The workbench screen of each project (spec §2 routes /EB-1A and /NIW). */
export const PROJECT_WORKBENCH_PATH: Record<ProjectCode, '/EB-1A' | '/NIW'> = {
  USA_EB1A: '/EB-1A',
  USA_NIW: '/NIW',
};

/** The base service and the add-ons, which are bound to a project and cannot be bought alone (spec §1, §6). */
export const SERVICE_CODES = ['DIY_STANDARD', 'REVIEW', 'TRANSLATION', 'CONSULTATION'] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
export const ZServiceCode = z.enum(SERVICE_CODES);
export const BASE_SERVICE: ServiceCode = 'DIY_STANDARD';
export const isAddon = (s: ServiceCode) => s !== BASE_SERVICE;

export const CURRENCIES = ['USD', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const ZMoney = z.object({
  /** Integer minor units: cents for USD, fen for CNY. */
  amount: ZMinorValue,
  currency: z.enum(CURRENCIES),
});
export type TMoney = z.infer<typeof ZMoney>;

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────────────────

export const ZProject = z.object({
  id: ZIdValue,
  code: ZProjectCode,
  /** Country/state area code, e.g. 'US'. */
  area: z.string(),
  name: z.string(),
  workbench_path: z.enum(['/EB-1A', '/NIW']),
});
export type TProject = z.infer<typeof ZProject>;

/** GET /api/customer/project/area_projects/ */
export const ZAreaProjects = z.array(
  z.object({ area: z.string(), name: z.string(), projects: z.array(ZProject) }),
);
export type TAreaProjects = z.infer<typeof ZAreaProjects>;

/** Package display (spec §4): Purchased, Not Available, otherwise Purchase Now. */
export const PACKAGE_DISPLAYS = ['purchase_now', 'purchased', 'not_available'] as const;
export type PackageDisplay = (typeof PACKAGE_DISPLAYS)[number];

export const ZProduct = z.object({
  id: ZIdValue,
  project_id: ZIdValue,
  project_code: ZProjectCode,
  service: ZServiceCode,
  kind: z.enum(['base', 'addon']),
  name: z.string(),
  description: z.string(),
  /** List price in USD cents. */
  price: ZMoney,
  /** Months of use from activation for the base service; null for add-ons (they end with the base). */
  duration_months: ZCountValue.nullable(),
  /** For the caller: anonymous callers see purchase_now for base services and not_available for add-ons. */
  display: z.enum(PACKAGE_DISPLAYS),
});
export type TProduct = z.infer<typeof ZProduct>;

/** GET /api/customer/product/?project_code=… */
export const ZProductQuery = z.object({ project_code: ZProjectCode.optional() });
export const ZProductList = z.array(ZProduct);

/**
 * GET /api/customer/promotion/ (visitor or login): the promo codes on offer now — active, within their dates,
 * and not referral codes (those belong to one referrer) — for the promotion page. A first purchase only
 * (spec §5); `value` is a percent or an amount in USD cents.
 */
export const ZPromotion = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: ZCountValue,
  valid_until: z.string().nullable(),
});
export type TPromotion = z.infer<typeof ZPromotion>;
export const ZPromotionList = z.array(ZPromotion);

// ── Pricing ─────────────────────────────────────────────────────────────────────────────────────────────

export const PROMO_CODE_MAX = 32;

/** POST /api/customer/order/quote/ — the base service and/or add-ons of one project. */
export const ZQuoteRequest = z.object({
  product_ids: ZIdList(SERVICE_CODES.length),
  /** Promo or referral code; works only on the customer's first purchase (spec §5). */
  promo_code: z.string().trim().max(PROMO_CODE_MAX).optional(),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

export const ZQuoteItem = z.object({
  product_id: ZIdValue,
  service: ZServiceCode,
  name: z.string(),
  amount: ZMoney,
});

/** Server-computed price (spec §3 Pricing / payment). */
export const ZQuote = z.object({
  project_code: ZProjectCode,
  items: z.array(ZQuoteItem),
  /** Months of service the base gives (18), or null when only add-ons are bought. */
  service_duration_months: ZCountValue.nullable(),
  /** When the service would end if paid now (ISO 8601). */
  expires_at: z.string(),
  /** Sum of list prices (USD). */
  amount: ZMoney,
  discount: ZMoney,
  /** amount − discount (USD). */
  order_total: ZMoney,
  /** What the customer pays in USD (equals order_total). */
  payable: ZMoney,
  /** CNY per USD, 4 decimals, as stored with the order at creation: "7.1234". */
  exchange_rate: z.string(),
  /** payable converted at exchange_rate, for the wallet and bank transfer (fen). */
  payable_cny: ZMoney,
  promo_code: z.string().nullable(),
});
export type TQuote = z.infer<typeof ZQuote>;

// ── Orders ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/customer/order/ — the purchase agreement must be accepted (spec §5). */
export const ZCreateOrderRequest = ZQuoteRequest.extend({ agreement_accepted: z.boolean() });
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

/** spec §4 Order status; anything else the client shows as "undefined" (ORDER_STATUS_UNDEFINED). */
export const ORDER_STATUSES = [
  'unpaid',
  'processing',
  'partly_paid',
  'paid',
  'failed',
  'cancelled',
  /** Staff refunded every payment (decision 0034); the entitlements were withdrawn. */
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_UNDEFINED = 'undefined';

export const PAYMENT_METHODS = ['wallet', 'online', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Wallet payment in yuan, online payment in dollars, bank/corporate transfer in yuan (spec §9). */
export const PAYMENT_METHOD_CURRENCY: Record<PaymentMethod, Currency> = {
  wallet: 'CNY',
  online: 'USD',
  bank_transfer: 'CNY',
};

export const ZOrder = z.object({
  id: ZIdValue,
  order_no: z.string(),
  /** 'base' when the order holds the base service, 'addon' otherwise. */
  type: z.enum(['base', 'addon']),
  project_code: ZProjectCode,
  items: z.array(ZQuoteItem),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** When an unpaid order expires (cancelled automatically). */
  expires_at: z.string().nullable(),
  amount: ZMoney,
  discount: ZMoney,
  payable: ZMoney,
  exchange_rate: z.string(),
  payable_cny: ZMoney,
  /** Sum of recorded payments, in the currency they were made in (USD or CNY). */
  paid: ZMoney.nullable(),
  /** A status of ORDER_STATUSES; typed as string so an unknown one reaches the client and shows safely. */
  status: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  promo_code: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderQuery = ZPageQuery({ size: 20, maxSize: 100 });
export const ZOrderPage = ZPage(ZOrder);

/** POST /api/customer/order/{id}/pay/ */
export const ZPayRequest = z.object({ method: z.enum(PAYMENT_METHODS) });

export const ZBankDetails = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  branch: z.string(),
  swift: z.string(),
});
export type TBankDetails = z.infer<typeof ZBankDetails>;

export const ZPayResponse = z.discriminatedUnion('kind', [
  /** Wallet or online: go to the provider's (or the sandbox's TEST) checkout page. */
  z.object({ kind: z.literal('redirect'), method: z.enum(['wallet', 'online']), redirect_url: z.string() }),
  /** Bank transfer: show these details; the remittance note must include `remittance_note` (the phone). */
  z.object({
    kind: z.literal('bank_transfer'),
    method: z.literal('bank_transfer'),
    bank: ZBankDetails,
    amount_cny: ZMoney,
    remittance_note: z.string(),
    order: ZOrder,
  }),
]);
export type TPayResponse = z.infer<typeof ZPayResponse>;

/** transfer_completed/ and cancel/ answer the order and a localised message. */
export const ZOrderActionResponse = z.object({ order: ZOrder, msg: z.string() });

// ── Sandbox checkout (the embedded default payment provider; a clearly marked TEST page) ─────────────────

/** GET /api/payment/sandbox/session/{token}/ */
export const ZSandboxSession = z.object({
  token: z.string(),
  order_no: z.string(),
  method: z.enum(['wallet', 'online']),
  amount: ZMoney,
  status: z.enum(['open', 'completed', 'failed']),
});
/** POST /api/payment/sandbox/session/{token}/complete/ */
export const ZSandboxCompleteRequest = z.object({ outcome: z.enum(['paid', 'failed']) });
export const ZSandboxCompleteResponse = z.object({ redirect_url: z.string(), order_status: z.string() });

// ── Staff (service functions now; the staff console screen comes with its issue) ─────────────────────────

/**
 * POST /api/staff/order/{id}/confirm_transfer/ with an Idempotency-Key header (required here: the staff console
 * makes one per click; the same key again answers the first result and records nothing — decision 0011). `received_cny` defaults to
 * what is still due; more than is still due is refused (409 transfer_exceeds_due).
 */
export const ZStaffConfirmTransferRequest = z.object({
  received_cny: ZMinorAmount.optional(),
  note: z.string().max(500).optional(),
});
/** POST /api/staff/order/{id}/reject_transfer/ */
export const ZStaffRejectTransferRequest = z.object({ reason: z.string().trim().min(1).max(500) });

/**
 * Payments staff must look at (the finance queue): a first-purchase promo whose order was not the first
 * paid (`amount` = the discount given), money beyond what the order costs (`amount` = the excess), a
 * payment for an order whose account was erased (`amount` = the payment).
 */
export const PAYMENT_FLAG_KINDS = ['promo_conflict', 'overpayment', 'customer_erased'] as const;
export type PaymentFlagKind = (typeof PAYMENT_FLAG_KINDS)[number];
export const ZPaymentFlag = z.object({
  id: ZIdValue,
  kind: z.enum(PAYMENT_FLAG_KINDS),
  order_id: ZIdValue,
  order_no: z.string(),
  payment_id: ZIdValue,
  amount: ZMoney,
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type TPaymentFlag = z.infer<typeof ZPaymentFlag>;
/** GET /api/staff/payment_flag/ — newest first; `open` (default true) lists the unresolved ones only. */
export const ZPaymentFlagQuery = ZPageQuery({ size: 50, maxSize: 200 }).extend({
  order_id: ZIdParam.optional(),
  open: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const ZPaymentFlagPage = ZPage(ZPaymentFlag);

// ── Entitlements (rights) and plans ─────────────────────────────────────────────────────────────────────

/** Review/translation request states (spec §4 Rights entries); null for services without a task. */
export const TASK_STATUSES = [
  'can_submit',
  'submitted',
  'cancelled',
  'resubmitted',
  'in_progress',
  'audited',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const ZRight = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  service: ZServiceCode,
  name: z.string(),
  /** active until expires_at; expired afterwards (read-only workbench, renewal offered). */
  status: z.enum(['active', 'expired']),
  starts_at: z.string(),
  expires_at: z.string(),
  order_no: z.string(),
  task_status: z.enum(TASK_STATUSES).nullable(),
  submitted_at: z.string().nullable(),
});
export type TRight = z.infer<typeof ZRight>;
/** GET /api/customer/customer/my_rights/ */
export const ZMyRights = z.array(ZRight);

/** GET /api/customer/customer/my_bought_project_services/ — one row per project with a base service. */
export const ZBoughtProjectServices = z.array(
  z.object({
    project_id: ZIdValue,
    project_code: ZProjectCode,
    workbench_path: z.enum(['/EB-1A', '/NIW']),
    services: z.array(ZServiceCode),
    status: z.enum(['active', 'expired']),
    expires_at: z.string(),
    read_only: z.boolean(),
  }),
);

export const ZPlanRecord = z.object({
  index: ZCountValue,
  plan_name: z.string(),
  /** Rendered by the server in the reader's language (dates in UTC); `message` lets a screen render it itself. */
  content: z.string(),
  time: z.string(),
  /**
   * The record as an i18n key (`messages:…`) with its parameters (`service` a service code, `until` an ISO
   * instant), so the screen shows dates in the reader's time zone like the rest of the page; null for staff text.
   */
  message: z.object({ key: z.string(), params: z.record(z.string(), z.string()) }).nullable(),
});
export const ZPlan = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(['active', 'expired']),
  records: z.array(ZPlanRecord),
});
export type TPlan = z.infer<typeof ZPlan>;
/** GET /api/customer/plan/?project_code=… */
export const ZPlanQuery = z.object({ project_code: ZProjectCode.optional() });
export const ZPlanPage = z.object({ count: ZCountValue, results: z.array(ZPlan) });

/** GET /api/customer/workbench/access/?project_code=… — the server-side gate every workbench call uses. */
export const ZWorkbenchAccessQuery = z.object({ project_code: ZProjectCode });
export const ZWorkbenchAccess = z.object({
  project_code: ZProjectCode,
  status: z.enum(['active', 'expired']),
  expires_at: z.string(),
  read_only: z.boolean(),
  services: z.array(ZServiceCode),
});
export type TWorkbenchAccess = z.infer<typeof ZWorkbenchAccess>;

/** Error codes of this area; each is errors.<code> in packages/i18n. */
export const ShopErrorCode = {
  loginForPurchase: 'login_for_purchase',
  agreementRequired: 'purchase_agreement_required',
  productNotFound: 'product_not_found',
  mixedProjects: 'order_mixed_projects',
  addonRequiresBase: 'addon_requires_base',
  alreadyPurchased: 'already_purchased',
  orderPending: 'order_pending',
  promoInvalid: 'promo_invalid',
  promoFirstPurchaseOnly: 'promo_first_purchase_only',
  priceUnavailable: 'price_unavailable',
  transitionRefused: 'order_transition_refused',
  paymentMethodUnavailable: 'payment_method_unavailable',
  paymentProviderFailed: 'payment_provider_failed',
  webhookRefused: 'webhook_refused',
  /** "You haven't purchased the DIY service. It is available after purchase." */
  purchaseRequired: 'purchase_required',
  /** "You need to buy to view it" */
  buyToView: 'buy_to_view',
  /** "Please purchase before using this function" */
  purchaseBeforeUse: 'purchase_before_use',
  /** Expired entitlement: read-only */
  entitlementExpired: 'entitlement_expired',
  staffUnauthorized: 'staff_unauthorized',
  /** A staff confirmation without a usable Idempotency-Key header (400). */
  idempotencyKeyRequired: 'idempotency_key_required',
  /** A confirmed bank transfer larger than what is still due (409, names the amount due). */
  transferExceedsDue: 'transfer_exceeds_due',
  /** Another request of the same order is still opening its checkout at the provider (409). */
  checkoutInProgress: 'checkout_in_progress',
} as const;
