import {
  IDEMPOTENCY_KEY_HEADER,
  ShopErrorCode,
  type StaffRole,
  ZExchangeRate,
  ZExchangeRateCreate,
  ZExchangeRates,
  ZIdempotencyKey,
  ZIdParams,
  ZOrder,
  ZPaymentFlagPage,
  ZPaymentFlagQuery,
  ZPaymentFlagResolveRequest,
  ZResolvedPaymentFlag,
  ZStaffConfirmTransferRequest,
  ZStaffOrder,
  ZStaffOrderPage,
  ZStaffOrderQuery,
  ZStaffProduct,
  ZStaffProductList,
  ZStaffProductPatch,
  ZStaffPromoCode,
  ZStaffPromoCodeCreate,
  ZStaffPromoCodePage,
  ZStaffPromoCodeQuery,
  ZStaffRefundRequest,
  ZStaffRejectTransferRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorOf } from '../../plugins/errors.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import {
  createExchangeRate,
  createPromoCode,
  disablePromoCode,
  listExchangeRates,
  listPromoCodes,
  listStaffProducts,
  patchProduct,
  resolveFlag,
  searchOrders,
  staffOrderView,
} from './finance-staff.service.ts';
import { listPaymentFlags } from './payment-flags.service.ts';
import { refundOrder } from './refund.service.ts';
import { confirmTransfer, rejectTransfer } from './staff-transfer.service.ts';

/** Who may confirm or reject transfers and read the payment flags. */
const FINANCE: readonly StaffRole[] = ['admin', 'finance'];

/** The Idempotency-Key header of a staff action; missing or malformed → 400 idempotency_key_required. */
function idempotencyKeyOf(req: FastifyRequest): string {
  const parsed = ZIdempotencyKey.safeParse(req.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) throw errorOf(400, ShopErrorCode.idempotencyKeyRequired);
  return parsed.data;
}

/**
 * The finance staff API (admin and finance roles; plugins/staff-auth.ts): confirm or reject bank transfers,
 * the payments flagged for staff, orders search and refunds, the catalogue, exchange rate and promo codes
 * (decision 0034).
 */
export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: FINANCE };
    const tags = ['staff'];
    app.post(
      '/staff/order/:id/confirm_transfer/',
      {
        config,
        // An empty POST confirms the whole amount still due.
        preValidation: async (req) => {
          if (req.body === undefined || req.body === null) req.body = {};
        },
        schema: { tags, params: ZIdParams, body: ZStaffConfirmTransferRequest, response: { 200: ZOrder } },
      },
      async (req) =>
        confirmTransfer(ctx, {
          orderId: req.params.id,
          idempotencyKey: idempotencyKeyOf(req),
          receivedCny: req.body.received_cny,
          note: req.body.note,
          who: staffOf(req),
        }),
    );
    app.post(
      '/staff/order/:id/reject_transfer/',
      {
        config,
        schema: { tags, params: ZIdParams, body: ZStaffRejectTransferRequest, response: { 200: ZOrder } },
      },
      async (req) =>
        rejectTransfer(ctx, { orderId: req.params.id, reason: req.body.reason, who: staffOf(req) }),
    );
    app.get(
      '/staff/payment_flag/',
      { config, schema: { tags, querystring: ZPaymentFlagQuery, response: { 200: ZPaymentFlagPage } } },
      async (req) =>
        listPaymentFlags(ctx, {
          page: req.query.page,
          size: req.query.size,
          open: req.query.open,
          orderId: req.query.order_id,
        }),
    );
    app.post(
      '/staff/payment_flag/:id/resolve/',
      {
        config,
        schema: {
          tags,
          params: ZIdParams,
          body: ZPaymentFlagResolveRequest,
          response: { 200: ZResolvedPaymentFlag },
        },
      },
      async (req) => resolveFlag(ctx, staffOf(req), req.params.id, req.body.note),
    );

    app.get(
      '/staff/order/',
      {
        config: { ...config, staffRead: { action: 'order.search', target: 'shop_order' } },
        schema: { tags, querystring: ZStaffOrderQuery, response: { 200: ZStaffOrderPage } },
      },
      async (req) => searchOrders(ctx, req.query, req.locale),
    );
    app.get(
      '/staff/order/:id/',
      {
        config: { ...config, staffRead: { action: 'order.view', target: 'shop_order' } },
        schema: { tags, params: ZIdParams, response: { 200: ZStaffOrder } },
      },
      async (req) => staffOrderView(ctx, req.params.id, req.locale),
    );
    app.post(
      '/staff/order/:id/refund/',
      {
        config,
        schema: { tags, params: ZIdParams, body: ZStaffRefundRequest, response: { 200: ZStaffOrder } },
      },
      async (req) =>
        refundOrder(ctx, {
          orderId: req.params.id,
          idempotencyKey: idempotencyKeyOf(req),
          reason: req.body.reason,
          amount: req.body.amount,
          reference: req.body.reference,
          who: staffOf(req),
          locale: req.locale,
        }),
    );

    app.get('/staff/product/', { config, schema: { tags, response: { 200: ZStaffProductList } } }, async () =>
      listStaffProducts(ctx),
    );
    app.patch(
      '/staff/product/:id/',
      {
        config,
        schema: { tags, params: ZIdParams, body: ZStaffProductPatch, response: { 200: ZStaffProduct } },
      },
      async (req) => patchProduct(ctx, staffOf(req), req.params.id, req.body),
    );
    app.get(
      '/staff/exchange_rate/',
      { config, schema: { tags, response: { 200: ZExchangeRates } } },
      async () => listExchangeRates(ctx),
    );
    app.post(
      '/staff/exchange_rate/',
      { config, schema: { tags, body: ZExchangeRateCreate, response: { 201: ZExchangeRate } } },
      async (req, reply) =>
        reply
          .status(201)
          .send(await createExchangeRate(ctx, staffOf(req), req.body.rate, req.body.effective_at)),
    );
    app.get(
      '/staff/promo_code/',
      { config, schema: { tags, querystring: ZStaffPromoCodeQuery, response: { 200: ZStaffPromoCodePage } } },
      async (req) => listPromoCodes(ctx, req.query),
    );
    app.post(
      '/staff/promo_code/',
      { config, schema: { tags, body: ZStaffPromoCodeCreate, response: { 201: ZStaffPromoCode } } },
      async (req, reply) => reply.status(201).send(await createPromoCode(ctx, staffOf(req), req.body)),
    );
    app.post(
      '/staff/promo_code/:id/disable/',
      { config, schema: { tags, params: ZIdParams, response: { 200: ZStaffPromoCode } } },
      async (req) => disablePromoCode(ctx, staffOf(req), req.params.id),
    );
  };
