import {
  ZAttachment,
  ZAttachmentList,
  ZAttachmentRequest,
  ZAttachmentResponse,
  ZCaseAttachmentParams,
  ZConfirmQuery,
  ZIdParams,
  ZOrderRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { caseGates, confirmed } from '../evidence/case-scope.ts';
import {
  attachmentList,
  createAttachment,
  deleteAttachment,
  ownedAttachment,
  reorderAttachments,
} from './attachments.service.ts';

/**
 * US-plan attachments (issue 12 item 5; spec §2 US plan, §5): add, view, reorder, delete. Every write answers
 * `{ msg, attachments }`; another case's attachment id is a 404.
 */
export const planAttachmentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['plan'];
    const { read, write, scope } = caseGates(ctx);
    const db = ctx.db.db;
    const list = async (req: FastifyRequest, msgKey: string) => ({
      msg: req.t(`messages:${msgKey}`),
      attachments: await attachmentList(db, await scope(req)),
    });
    const response = { 200: ZAttachmentResponse };

    app.get(
      '/customer/case/:id/plan/attachments/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZAttachmentList } } },
      async (req) => attachmentList(db, await scope(req)),
    );
    app.post(
      '/customer/case/:id/plan/attachments/',
      { ...write, schema: { tags, params: ZIdParams, body: ZAttachmentRequest, response } },
      async (req) => {
        await createAttachment(ctx, await scope(req), req.body);
        return list(req, 'evidence_added');
      },
    );
    app.put(
      '/customer/case/:id/plan/attachments/order/',
      { ...write, schema: { tags, params: ZIdParams, body: ZOrderRequest, response } },
      async (req) => {
        await reorderAttachments(ctx, await scope(req), req.body.ids);
        return list(req, 'order_adjusted');
      },
    );
    app.get(
      '/customer/case/:id/plan/attachments/:attachment_id/',
      { ...read, schema: { tags, params: ZCaseAttachmentParams, response: { 200: ZAttachment } } },
      async (req) => {
        const s = await scope(req);
        await ownedAttachment(db, s.caseRow.id, req.params.attachment_id);
        const a = (await attachmentList(db, s)).attachments.find((x) => x.id === req.params.attachment_id);
        if (!a) throw notFound();
        return a;
      },
    );
    app.delete(
      '/customer/case/:id/plan/attachments/:attachment_id/',
      { ...write, schema: { tags, params: ZCaseAttachmentParams, querystring: ZConfirmQuery, response } },
      async (req) => {
        await deleteAttachment(ctx, await scope(req), req.params.attachment_id, confirmed(req));
        return list(req, 'evidence_deleted');
      },
    );
  };
