import {
  ZFindingExhibitsRequest,
  ZFindingRequest,
  ZIdParams,
  ZRfe,
  ZRfeDeleted,
  ZRfeFindingParams,
  ZRfeList,
  ZRfeParams,
  ZRfeReply,
  ZRfeRequest,
  ZRfeUpdateRequest,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import {
  addFinding,
  createRfe,
  deleteFinding,
  deleteRfe,
  listRfes,
  rfeView,
  setFindingExhibits,
  updateFinding,
  updateRfe,
} from './rfe.service.ts';

/**
 * The RFE workspace (issue 32 item 4, decision 0077; contract packages/contract/src/rfe.ts). Logged in, the caller's
 * case (404 otherwise), every nested id (RFE, finding, folder, receipt, upload) of this case (404 otherwise);
 * reads pass after the plan expired, writes do not. The packet routes are rfe-packet.routes.ts (H5).
 */
export const rfeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['rfe'];
    const { read, write, scope } = caseGates(ctx);
    const base = '/customer/case/:id/rfe/';

    app.get(
      base,
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZRfeList } } },
      async (req) => listRfes(ctx, await scope(req)),
    );
    app.post(
      base,
      { ...write, schema: { tags, params: ZIdParams, body: ZRfeRequest, response: { 200: ZRfeReply } } },
      async (req) => createRfe(ctx, await scope(req), req.body),
    );
    app.get(
      `${base}:rfe_id/`,
      { ...read, schema: { tags, params: ZRfeParams, response: { 200: ZRfe } } },
      async (req) => rfeView(ctx, await scope(req), req.params.rfe_id),
    );
    app.put(
      `${base}:rfe_id/`,
      {
        ...write,
        schema: { tags, params: ZRfeParams, body: ZRfeUpdateRequest, response: { 200: ZRfeReply } },
      },
      async (req) => updateRfe(ctx, await scope(req), req.params.rfe_id, req.body),
    );
    app.delete(
      `${base}:rfe_id/`,
      { ...write, schema: { tags, params: ZRfeParams, response: { 200: ZRfeDeleted } } },
      async (req) => deleteRfe(ctx, await scope(req), req.params.rfe_id),
    );
    app.post(
      `${base}:rfe_id/finding/`,
      { ...write, schema: { tags, params: ZRfeParams, body: ZFindingRequest, response: { 200: ZRfeReply } } },
      async (req) => addFinding(ctx, await scope(req), req.params.rfe_id, req.body),
    );
    app.put(
      `${base}:rfe_id/finding/:finding_id/`,
      {
        ...write,
        schema: { tags, params: ZRfeFindingParams, body: ZFindingRequest, response: { 200: ZRfeReply } },
      },
      async (req) => updateFinding(ctx, await scope(req), req.params.rfe_id, req.params.finding_id, req.body),
    );
    app.delete(
      `${base}:rfe_id/finding/:finding_id/`,
      { ...write, schema: { tags, params: ZRfeFindingParams, response: { 200: ZRfeReply } } },
      async (req) => deleteFinding(ctx, await scope(req), req.params.rfe_id, req.params.finding_id),
    );
    app.put(
      `${base}:rfe_id/finding/:finding_id/exhibits/`,
      {
        ...write,
        schema: {
          tags,
          params: ZRfeFindingParams,
          body: ZFindingExhibitsRequest,
          response: { 200: ZRfeReply },
        },
      },
      async (req) =>
        setFindingExhibits(ctx, await scope(req), req.params.rfe_id, req.params.finding_id, req.body),
    );
  };
