import {
  ZConsultationIdParams,
  ZStaffConsultation,
  ZStaffConsultationAttemptRequest,
  ZStaffConsultationPage,
  ZStaffConsultationQuery,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import {
  CONSULTATION_STAFF,
  claimConsultation,
  listConsultationQueue,
  recordAttempt,
  staffConsultation,
} from './consultation.staff.service.ts';

/**
 * The staff queue of consultations (roles consultant and admin; decision 0033): list with age, booked time and
 * holder, one consultation, claim, record a call attempt.
 */
export const consultationStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: CONSULTATION_STAFF };
    const read = (action: string) => ({ ...config, staffRead: { action, target: 'consultation' } });
    const tags = ['staff'];
    const params = ZConsultationIdParams;
    app.get(
      '/staff/consultation/',
      {
        config: read('consultation.list'),
        schema: { tags, querystring: ZStaffConsultationQuery, response: { 200: ZStaffConsultationPage } },
      },
      async (req) => listConsultationQueue(ctx, req.query),
    );
    app.get(
      '/staff/consultation/:id/',
      { config: read('consultation.view'), schema: { tags, params, response: { 200: ZStaffConsultation } } },
      async (req) => staffConsultation(ctx, req.params.id),
    );
    app.post(
      '/staff/consultation/:id/claim/',
      { config, schema: { tags, params, response: { 200: ZStaffConsultation } } },
      async (req) => claimConsultation(ctx, staffOf(req), req.params.id),
    );
    app.post(
      '/staff/consultation/:id/attempt/',
      {
        config,
        schema: {
          tags,
          params,
          body: ZStaffConsultationAttemptRequest,
          response: { 200: ZStaffConsultation },
        },
      },
      async (req) => recordAttempt(ctx, staffOf(req), req.params.id, req.body),
    );
  };
