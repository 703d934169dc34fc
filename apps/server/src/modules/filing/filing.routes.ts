import {
  ZFiling,
  ZFilingRequest,
  ZFilingStageRequest,
  ZIdParams,
  ZManualStatusRequest,
  ZReceiptParams,
  ZReceiptRequest,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import {
  addReceipt,
  deleteReceipt,
  getFiling,
  manualStatus,
  putFiling,
  putReceipt,
  putStage,
  retakeSnapshot,
} from './filing.service.ts';

/**
 * After filing (issue 32, decision 0076; contract packages/contract/src/filing.ts): the mailing, receipts, a typed
 * status and the stage. Logged in, the caller's case (404 otherwise), nested receipt ids of that case (404); reads
 * pass after the plan expired, writes do not.
 */
export const filingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['filing'];
    const { read, write, scope } = caseGates(ctx);
    const reply = { 200: ZFiling };
    const base = '/customer/case/:id/filing/';

    app.get(base, { ...read, schema: { tags, params: ZIdParams, response: reply } }, async (req) =>
      getFiling(ctx, await scope(req)),
    );
    app.put(
      base,
      { ...write, schema: { tags, params: ZIdParams, body: ZFilingRequest, response: reply } },
      async (req) => putFiling(ctx, await scope(req), req.body),
    );
    app.put(
      `${base}stage/`,
      { ...write, schema: { tags, params: ZIdParams, body: ZFilingStageRequest, response: reply } },
      async (req) => putStage(ctx, await scope(req), req.body),
    );
    app.post(
      `${base}snapshot/`,
      { ...write, schema: { tags, params: ZIdParams, response: reply } },
      async (req) => retakeSnapshot(ctx, await scope(req)),
    );
    app.post(
      `${base}receipt/`,
      { ...write, schema: { tags, params: ZIdParams, body: ZReceiptRequest, response: reply } },
      async (req) => addReceipt(ctx, await scope(req), req.body),
    );
    app.put(
      `${base}receipt/:receipt_id/`,
      { ...write, schema: { tags, params: ZReceiptParams, body: ZReceiptRequest, response: reply } },
      async (req) => putReceipt(ctx, await scope(req), req.params.receipt_id, req.body),
    );
    app.delete(
      `${base}receipt/:receipt_id/`,
      { ...write, schema: { tags, params: ZReceiptParams, response: reply } },
      async (req) => deleteReceipt(ctx, await scope(req), req.params.receipt_id),
    );
    app.post(
      `${base}receipt/:receipt_id/status/`,
      { ...write, schema: { tags, params: ZReceiptParams, body: ZManualStatusRequest, response: reply } },
      async (req) => manualStatus(ctx, await scope(req), req.params.receipt_id, req.body),
    );
  };
