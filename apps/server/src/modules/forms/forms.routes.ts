import {
  ZFormPdfQuery,
  ZIdParams,
  ZImmigrationData,
  ZSaveImmigrationDataRequest,
  ZSaveImmigrationDataResponse,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { requireEntitlement } from '../shop/gate.ts';
import { filledPdf } from './form-pdf.service.ts';
import { formProjectCode, getImmigrationData } from './immigration-data.service.ts';
import { saveImmigrationData } from './save-form.service.ts';

/**
 * Official forms of a case (spec §7 `immigration_data`). Every call: logged in, entitled to the form's project
 * (reads pass after expiry, saves do not), and the form must be the caller's (404 otherwise).
 */
export const formsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['forms'];
    const requireLogin = requireCustomer(ctx);
    const projectOf = (req: FastifyRequest) =>
      formProjectCode(ctx, customerIdOf(req), (req.params as { id: number }).id);

    app.get(
      '/customer/immigration_data/:id/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, projectOf),
        schema: { tags, params: ZIdParams, response: { 200: ZImmigrationData } },
      },
      async (req) =>
        getImmigrationData(ctx, { customerId: customerIdOf(req), id: req.params.id, locale: req.locale }),
    );

    app.patch(
      '/customer/immigration_data/:id/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, projectOf, { write: true }),
        schema: {
          tags,
          params: ZIdParams,
          body: ZSaveImmigrationDataRequest,
          // 400 form_incomplete/form_invalid (ZFormIssuesError) and 409 version_conflict (ZVersionConflictError)
          // come from the error handler, which other 400/409 answers share, so they are not declared here.
          response: { 200: ZSaveImmigrationDataResponse },
        },
      },
      async (req) => {
        const r = await saveImmigrationData(ctx, {
          customerId: customerIdOf(req),
          id: req.params.id,
          body: req.body,
          locale: req.locale,
        });
        const msg = r.stageSubmitted
          ? req.t('workbench:stage_submitted')
          : req.t(req.body.mode === 'save' ? 'forms:saved' : 'forms:draft_saved');
        return { data: r.data, msg, stage_submitted: r.stageSubmitted, next_stage: r.nextStage };
      },
    );

    app.get(
      '/customer/immigration_data/:id/pdf/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, projectOf),
        schema: { tags, params: ZIdParams, querystring: ZFormPdfQuery },
      },
      async (req, reply) => {
        const { bytes, filename } = await filledPdf(ctx, {
          customerId: customerIdOf(req),
          id: req.params.id,
          payment: req.query.payment,
          locale: req.locale,
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    );
  };
