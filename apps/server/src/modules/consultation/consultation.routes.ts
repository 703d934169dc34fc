import {
  ZConsultation,
  ZConsultationBookRequest,
  ZConsultationIdParams,
  ZConsultationList,
  ZConsultationListQuery,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { requireEntitlement } from '../shop/gate.ts';
import {
  bookConsultation,
  cancelConsultation,
  getConsultation,
  listConsultations,
  type OwnedConsultation,
  ownedConsultation,
} from './consultation.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the consultation gate: the caller's consultation of this call. */
    consultation?: OwnedConsultation;
  }
}

/**
 * Consultations, the customer's calls (spec §4 Consultation; decision 0033). The id is the my_rights row's id.
 * Another customer's consultation is a 404; booking and cancelling need the running add-on (403
 * purchase_before_use otherwise, as every workbench write).
 */
export const consultationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['consultation'];
    const onRequest = requireCustomer(ctx);
    const params = ZConsultationIdParams;
    /** The caller's consultation (404), then the workbench gate with the add-on. */
    const preHandler = async (req: FastifyRequest) => {
      const c = await ownedConsultation(ctx, customerIdOf(req), (req.params as { id: number }).id);
      req.consultation = c;
      await requireEntitlement(ctx, () => c.projectCode, { write: true, service: 'CONSULTATION' })(req);
    };
    const mine = (req: FastifyRequest) => req.consultation!;

    app.get(
      '/customer/consultation/',
      {
        onRequest,
        schema: { tags, querystring: ZConsultationListQuery, response: { 200: ZConsultationList } },
      },
      async (req) => listConsultations(ctx, customerIdOf(req), req.query.project_code),
    );
    app.get(
      '/customer/consultation/:id/',
      { onRequest, schema: { tags, params, response: { 200: ZConsultation } } },
      async (req) => getConsultation(ctx, customerIdOf(req), req.params.id),
    );
    app.patch(
      '/customer/consultation/:id/book/',
      {
        onRequest,
        preHandler,
        schema: { tags, params, body: ZConsultationBookRequest, response: { 200: ZConsultation } },
      },
      async (req) => bookConsultation(ctx, mine(req), req.body),
    );
    app.patch(
      '/customer/consultation/:id/cancel/',
      { onRequest, preHandler, schema: { tags, params, response: { 200: ZConsultation } } },
      async (req) => cancelConsultation(ctx, mine(req)),
    );
  };
