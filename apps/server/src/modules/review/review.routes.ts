import { ZIdParams, ZReview, ZReviewIntendedRequest } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { markIntended, reviewCase } from './review.service.ts';
import { caseReviewReport, reportFilename, sendReport } from './review-report.ts';

/**
 * The case review (issue 31; contract packages/contract/src/review.ts). Logged in, the caller's case (404
 * otherwise), entitled: the review and its readiness report (a PDF in the caller's language, decision 0074) read
 * after the plan expired, marking a finding as intended does not.
 */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['review'];
    const { read, write, scope } = caseGates(ctx);

    app.get(
      '/customer/case/:id/review/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZReview } } },
      async (req) => reviewCase(ctx, await scope(req)),
    );
    app.get(
      '/customer/case/:id/review/report.pdf',
      { ...read, schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const s = await scope(req);
        const bytes = await caseReviewReport(ctx, s, s.locale);
        return sendReport(reply, bytes, reportFilename(s.locale, s.caseRow.id));
      },
    );
    app.put(
      '/customer/case/:id/review/intended/',
      {
        ...write,
        schema: { tags, params: ZIdParams, body: ZReviewIntendedRequest, response: { 200: ZReview } },
      },
      async (req) => markIntended(ctx, await scope(req), req.body),
    );
  };
