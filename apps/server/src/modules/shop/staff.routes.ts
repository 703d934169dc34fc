import {
  IDEMPOTENCY_KEY_HEADER,
  ShopErrorCode,
  type StaffRole,
  ZIdempotencyKey,
  ZIdParams,
  ZOrder,
  ZPaymentFlagPage,
  ZPaymentFlagQuery,
  ZStaffConfirmTransferRequest,
  ZStaffRejectTransferRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorOf } from '../../plugins/errors.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { listPaymentFlags } from './payment-flags.service.ts';
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
 * The finance staff API: confirm or reject bank transfers, list the payments flagged for staff (admin and
 * finance roles; plugins/staff-auth.ts).
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
  };
