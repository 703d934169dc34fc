import {
  ZCriteriaRequest,
  ZCriteriaResponse,
  ZCriteriaState,
  ZExhibits,
  ZIdParams,
  ZNiwDirectionRequest,
  ZTemplateQuery,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates, sendDocx } from './case-scope.ts';
import { assertClaimed, criteriaState, setCriteria, setNiwDirection } from './criteria.service.ts';
import { regulationOf } from './criteria-content.ts';
import { exhibitsView } from './exhibits.ts';
import { criterionTemplate } from './templates.ts';

/**
 * Claimed criteria, NIW direction, exhibit numbers and the per-criterion template (issue 12 items 1–3; spec §3,
 * §4). Paths and shapes: packages/contract/src/evidence.ts.
 */
export const criteriaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['evidence'];
    const { read, write, scope } = caseGates(ctx);
    const db = ctx.db.db;

    app.get(
      '/customer/case/:id/criteria/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZCriteriaState } } },
      async (req) => criteriaState(db, await scope(req)),
    );
    app.put(
      '/customer/case/:id/criteria/',
      {
        ...write,
        schema: { tags, params: ZIdParams, body: ZCriteriaRequest, response: { 200: ZCriteriaResponse } },
      },
      async (req) => {
        const s = await scope(req);
        const { removed } = await setCriteria(ctx, {
          ...s,
          criteria: req.body.criteria,
          version: req.body.version,
          confirm: req.body.confirm === true,
        });
        return {
          msg: req.t('messages:criteria_confirmed'),
          criteria: await criteriaState(db, s),
          removed_folders: removed,
        };
      },
    );
    app.put(
      '/customer/case/:id/niw_direction/',
      {
        ...write,
        schema: { tags, params: ZIdParams, body: ZNiwDirectionRequest, response: { 200: ZCriteriaResponse } },
      },
      async (req) => {
        const s = await scope(req);
        const { removed } = await setNiwDirection(ctx, {
          ...s,
          direction: req.body.direction,
          confirm: req.body.confirm === true,
        });
        return {
          msg: req.t('messages:criteria_confirmed'),
          criteria: await criteriaState(db, s),
          removed_folders: removed,
        };
      },
    );
    app.get(
      '/customer/case/:id/evidence/exhibits/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZExhibits } } },
      async (req) => {
        const s = await scope(req);
        return exhibitsView(db, s.caseRow.id, s.locale);
      },
    );
    // "download template" is enabled once a criterion is added (spec §2): an unclaimed one is a 409.
    app.get(
      '/customer/case/:id/evidence/template.docx',
      { ...read, schema: { tags, params: ZIdParams, querystring: ZTemplateQuery } },
      async (req, reply) => {
        const s = await scope(req);
        const key = req.query.criterion;
        await assertClaimed(db, s.caseRow.id, key, s.locale);
        return sendDocx(
          reply,
          `evidence-template-${key}.docx`,
          await criterionTemplate(key, regulationOf(key)),
        );
      },
    );
  };
