import { ZIdParams, ZReadme, ZReadmeConfirmResponse } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { confirmReadme, readmeView } from './readme.service.ts';

/**
 * The ReadMe checklist (issue 14 item 1; contract packages/contract/src/packet.ts, decision 0026). Logged in, the
 * caller's case (404 otherwise), entitled: the checklist reads after the plan expired, "I confirm" does not.
 */
export const readmeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['readme'];
    const { read, write, scope } = caseGates(ctx);

    app.get(
      '/customer/case/:id/readme/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZReadme } } },
      async (req) => readmeView(ctx, await scope(req)),
    );
    app.post(
      '/customer/case/:id/readme/confirm/',
      { ...write, schema: { tags, params: ZIdParams, response: { 200: ZReadmeConfirmResponse } } },
      async (req) => ({
        msg: req.t('checklist:confirmed'),
        readme: await confirmReadme(ctx, await scope(req)),
      }),
    );
  };
