import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A petition project sold per country/state area (spec §3 Service package types USA_EB1A, USA_NIW). */
export const project = pgTable(
  'project',
  {
    id: serial('id').primaryKey(),
    /** 'USA_EB1A' | 'USA_NIW' */
    code: text('code').notNull(),
    /** Country/state area, e.g. 'US'. */
    area: text('area').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('project_code_uq').on(t.code)],
);

/** A service of a project: the base DIY service or an add-on (Review, Translation, Consultation). */
export const product = pgTable(
  'product',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    /** ServiceCode */
    service: text('service').notNull(),
    /** 'base' | 'addon' */
    kind: text('kind').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** List price in minor units of `currency` (USD cents). */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** Months of use for the base service; null for add-ons (they end with the base). */
    durationMonths: integer('duration_months'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('product_project_service_uq').on(t.projectId, t.service)],
);

/** CNY per USD, scaled by 10 000 (7.1234 → 71234), effective from `effective_at`. */
export const exchangeRate = pgTable(
  'exchange_rate',
  {
    id: serial('id').primaryKey(),
    base: text('base').notNull().default('USD'),
    quote: text('quote').notNull().default('CNY'),
    rateE4: integer('rate_e4').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('exchange_rate_effective_idx').on(t.base, t.quote, t.effectiveAt)],
);

/** A promo or referral code; works only on a customer's first purchase (spec §5). */
export const promoCode = pgTable(
  'promo_code',
  {
    id: serial('id').primaryKey(),
    /** Upper-case code. */
    code: text('code').notNull(),
    /** 'percent' | 'amount' */
    kind: text('kind').notNull(),
    /** Percent (1–100) or an amount in USD cents. */
    value: integer('value').notNull(),
    /** A referral code names the referring customer (null for promo codes). */
    referrerCustomerId: integer('referrer_customer_id').references(() => customer.id, {
      onDelete: 'set null',
    }),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('promo_code_code_uq').on(t.code)],
);

/**
 * A customer's order (spec §3 Order; statuses spec §4, transitions in modules/shop/order-transitions.ts).
 * A financial record: an account purge keeps it and only cuts the link (customer_id becomes null).
 */
export const shopOrder = pgTable(
  'shop_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    /** Null once the customer's account was erased (the order and its payments are kept). */
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    /** 'base' | 'addon' */
    type: text('type').notNull(),
    /** OrderStatus */
    status: text('status').notNull(),
    currency: text('currency').notNull().default('USD'),
    amountMinor: integer('amount_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    payableMinor: integer('payable_minor').notNull(),
    /** The exchange rate stored at creation (CNY per USD × 10 000) and the CNY amount computed from it. */
    exchangeRateE4: integer('exchange_rate_e4').notNull(),
    payableCnyMinor: integer('payable_cny_minor').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCode.id),
    /** PaymentMethod chosen last (null until the customer picks one). */
    method: text('method'),
    /** The provider's checkout/session reference for the current payment attempt. */
    providerRef: text('provider_ref'),
    /**
     * The open checkout of that attempt, handed out again to every `pay` of the same method until it is
     * about to expire: the provider that made it, where to send the browser, until when it can be paid.
     */
    checkoutProvider: text('checkout_provider'),
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: ts('checkout_expires_at'),
    /** Set while one request opens a checkout at the provider; concurrent `pay` calls wait for it. */
    checkoutClaimedAt: ts('checkout_claimed_at'),
    /** The customer's interface language at creation ('zh' | 'en'), for notifications. */
    language: text('language'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    /** Why it was cancelled or failed: 'customer', 'expired', 'rejected: …', provider reason. */
    statusReason: text('status_reason'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('shop_order_no_uq').on(t.orderNo),
    index('shop_order_customer_idx').on(t.customerId, t.createdAt),
    index('shop_order_unpaid_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('shop_order_provider_ref_uq').on(t.providerRef),
  ],
);

/** One line of an order. */
export const orderItem = pgTable(
  'order_item',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrder.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    service: text('service').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [uniqueIndex('order_item_order_product_uq').on(t.orderId, t.productId)],
);

/**
 * A payment recorded against an order. (provider, provider_event_id) is unique, so the same webhook event
 * or a second staff confirmation can never record a second payment.
 */
export const payment = pgTable(
  'payment',
  {
    id: serial('id').primaryKey(),
    /** No cascade: a payment is a financial record and outlives nothing it belongs to. */
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrder.id),
    /** 'sandbox' | 'stripe' | 'alipay' | 'bank_transfer' */
    provider: text('provider').notNull(),
    /** The provider's event/transaction id; for a bank transfer `confirm:<order id>:<Idempotency-Key>`. */
    providerEventId: text('provider_event_id').notNull(),
    method: text('method').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** 'succeeded' | 'failed' */
    status: text('status').notNull(),
    /** Staff id or name for a manual confirmation. */
    confirmedBy: text('confirmed_by'),
    raw: jsonb('raw'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_provider_event_uq').on(t.provider, t.providerEventId),
    index('payment_order_idx').on(t.orderId),
  ],
);

/**
 * Every webhook delivery and what became of it (recorded, duplicate, refused + reason). A delivery whose
 * signature did not verify keeps bounded headers and the first 2 KB of its body, and is purged after 30
 * days (modules/shop/webhook.service.ts), so unauthenticated calls cannot grow the database.
 */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id'),
    orderNo: text('order_no'),
    /** 'recorded' | 'duplicate' | 'refused' | 'ignored' */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    payload: text('payload').notNull(),
    /** Whether the provider's signature verified (false: refused before anything was believed). */
    verified: boolean('verified').notNull().default(false),
    /** The request headers, bounded in number and length. */
    headers: jsonb('headers'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('payment_event_created_idx').on(t.createdAt)],
);

/**
 * A payment staff must look at (the finance queue): kind PaymentFlagKind of the contract. One per payment
 * and kind; `amount_minor` is the discount, the excess or the payment, in `currency`.
 */
export const paymentFlag = pgTable(
  'payment_flag',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrder.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: text('resolved_by'),
    /** What staff wrote when resolving it (decision 0034). */
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('payment_flag_payment_kind_uq').on(t.paymentId, t.kind),
    index('payment_flag_order_idx').on(t.orderId),
    index('payment_flag_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A right (spec §2 service entitlement rows): one per paid order item. The base service grants the
 * workbench of its project until `expires_at`; add-ons are bound to that project and end with it.
 */
export const entitlement = pgTable(
  'entitlement',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    service: text('service').notNull(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItem.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Review/translation request state (TASK_STATUSES) or null. */
    taskStatus: text('task_status'),
    submittedAt: ts('submitted_at'),
    createdAt: ts('created_at').notNull(),
    /** Set when the order was refunded: `expires_at` was moved to that instant (decision 0034). */
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('entitlement_order_item_uq').on(t.orderItemId),
    index('entitlement_customer_idx').on(t.customerId, t.projectId),
  ],
);

/** The customer's case for one project, created with the base service (spec §3 Plan). */
export const plan = pgTable(
  'plan',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    name: text('name').notNull(),
    /** Print-material application and print-file states (later issues). */
    printState: jsonb('print_state'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('plan_customer_project_uq').on(t.customerId, t.projectId)],
);

/** A modification record of a plan (index, plan name, content, time). */
export const planRecord = pgTable(
  'plan_record',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plan.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    /** i18n key + params as JSON text, or plain text written by staff. */
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('plan_record_plan_idx').on(t.planId, t.createdAt)],
);

/**
 * A refund of one payment (decision 0034): staff ask with an Idempotency-Key (unique per order), the row is
 * written `pending` before the provider is called (one pending refund per order: a concurrent request is
 * refused), then `succeeded` (with the provider's refund id, or the bank reference staff typed) or `failed`.
 */
export const refund = pgTable(
  'refund',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrder.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.id),
    /** The payment's provider: 'sandbox' | 'stripe' | 'alipay' | 'bank_transfer'. */
    provider: text('provider').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'pending' | 'succeeded' | 'failed' */
    status: text('status').notNull(),
    /** Stripe re_…, Alipay trade_no, the sandbox's id, or the bank reference typed by staff. */
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    staffActor: text('staff_actor').notNull(),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('refund_order_key_uq').on(t.orderId, t.idempotencyKey),
    uniqueIndex('refund_one_pending_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('refund_payment_idx').on(t.paymentId),
  ],
);
