import {
  AssessmentErrorCode,
  ZAssessment,
  ZIdParams,
  ZMyAssessmentQuery,
  ZSubmitAssessmentResponse,
  ZUpdateAssessmentRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { checkCustomer, customerIdOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { getMyAssessment, submitAssessment, updateMyAssessment } from './assessment.service.ts';

export const assessmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['assessment'];
    const requireLogin = checkCustomer(ctx);
    /**
     * A visitor (no token) is told to log in for the free evaluation (spec §6); a bad or expired token
     * keeps its own 401 code so the client renews or ends the session.
     */
    app.addHook('onRequest', async (req: FastifyRequest) => {
      if (req.headers.authorization === undefined) {
        const code = AssessmentErrorCode.loginRequired;
        throw new AppError(401, code, `errors:${code}`);
      }
      await requireLogin(req);
    });

    app.get(
      '/customer/assess/my_assessment/',
      { schema: { tags, querystring: ZMyAssessmentQuery, response: { 200: ZAssessment } } },
      async (req) => getMyAssessment(ctx, { customerId: customerIdOf(req), area: req.query.area }),
    );
    app.patch(
      '/customer/assess/update_my_assessment/',
      { schema: { tags, body: ZUpdateAssessmentRequest, response: { 200: ZAssessment } } },
      async (req) =>
        updateMyAssessment(ctx, { customerId: customerIdOf(req), area: req.body.area, data: req.body.data }),
    );
    app.patch(
      '/customer/assess/:id/submit/',
      { schema: { tags, params: ZIdParams, response: { 200: ZSubmitAssessmentResponse } } },
      async (req) => {
        const assessment = await submitAssessment(ctx, {
          customerId: customerIdOf(req),
          id: req.params.id,
          locale: req.locale,
        });
        return { assessment, msg: req.t('messages:assessment_submitted') };
      },
    );
  };
