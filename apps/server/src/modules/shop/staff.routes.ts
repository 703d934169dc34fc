import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ShopErrorCode,
  ZOrder,
  ZStaffConfirmTransferRequest,
  ZStaffRejectTransferRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { confirmTransfer, rejectTransfer, type StaffActor } from './payments.service.ts';

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const digest = (s: string) => createHash('sha256').update(s).digest();

/** `X-Staff-Token` against STAFF_API_TOKEN in constant time; without the setting every call is refused. */
export function staffTokenValid(ctx: AppContext, given: unknown): boolean {
  const expected = ctx.config.shop.staffApiToken;
  if (!expected || typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function actorOf(req: FastifyRequest): StaffActor {
  const named = req.headers['x-staff-actor'];
  const actor = typeof named === 'string' && named.trim() ? named.trim().slice(0, 100) : 'staff-api';
  return { actor, ip: req.ip };
}

/** The staff API (issue 5): confirm or reject bank transfers. The staff console comes with its issue. */
export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!staffTokenValid(ctx, req.headers['x-staff-token'])) {
        req.log.warn({ url: req.url }, 'staff API call refused');
        throw new AppError(401, ShopErrorCode.staffUnauthorized, `errors:${ShopErrorCode.staffUnauthorized}`);
      }
    });
    const tags = ['staff'];
    app.post(
      '/staff/order/:id/confirm_transfer/',
      {
        // An empty POST confirms the whole amount still due.
        preValidation: async (req) => {
          if (req.body === undefined || req.body === null) req.body = {};
        },
        schema: { tags, params: ZId, body: ZStaffConfirmTransferRequest, response: { 200: ZOrder } },
      },
      async (req) =>
        confirmTransfer(ctx, {
          orderId: req.params.id,
          receivedCny: req.body.received_cny,
          note: req.body.note,
          ...actorOf(req),
        }),
    );
    app.post(
      '/staff/order/:id/reject_transfer/',
      { schema: { tags, params: ZId, body: ZStaffRejectTransferRequest, response: { 200: ZOrder } } },
      async (req) =>
        rejectTransfer(ctx, { orderId: req.params.id, reason: req.body.reason, ...actorOf(req) }),
    );
  };
