import { ZPretranslateRequest, ZPretranslation, ZTaskIdParams } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { pretranslate } from './assistant-staff-translate.service.ts';

/**
 * `POST /api/staff/task/{id}/assistant/pretranslate/` (issue 33 item 5, staff side; decision 0086): a translator (or
 * admin) handling translation tasks gets a draft translation of an exhibit's text of the task's case. The staff
 * plugin writes the call's audit row (it sends the customer's text to the provider).
 */
export const assistantStaffTranslateRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/staff/task/:id/assistant/pretranslate/',
      {
        config: { staffAccess: ['admin', 'translator'] },
        schema: {
          tags: ['staff'],
          params: ZTaskIdParams,
          body: ZPretranslateRequest,
          response: { 200: ZPretranslation },
        },
      },
      async (req) => pretranslate(ctx, staffOf(req), req.params.id, req.body, req.locale),
    );
  };
