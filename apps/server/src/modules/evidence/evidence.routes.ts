import {
  ZCaseFileParams,
  ZCaseFolderParams,
  ZConfirmQuery,
  ZEvidenceFile,
  ZEvidenceFolder,
  ZEvidenceKinds,
  ZEvidencePage,
  ZEvidenceResponse,
  ZExhibitOrderRequest,
  ZFileRequest,
  ZFolderOrderRequest,
  ZFolderRequest,
  ZIdParams,
  ZOrderRequest,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { gzipLargeJson } from '../../plugins/gzip-json.ts';
import { categoryOf } from '../case/case.service.ts';
import { evidenceKinds } from '../review/content/index.ts';
import { caseGates, confirmed } from './case-scope.ts';
import { evidencePage } from './evidence.service.ts';
import { setExhibitOrder } from './exhibit-order.service.ts';
import { addFile, deleteFile, reorderFiles, updateFile } from './files.service.ts';
import { createFolder, deleteFolder, reorderFolders, updateFolder } from './folders.service.ts';
import { ownedFile, ownedFolder } from './folders.store.ts';

/**
 * Evidence folders and files (issue 12 items 2–3; spec §2 Evidence screen, §5 evidence dialogs). Every write
 * answers `{ msg, evidence }` with the whole page; another case's folder or file id is a 404.
 */
export const evidenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['evidence'];
    const { read, write, scope } = caseGates(ctx);
    const db = ctx.db.db;
    const page = async (req: FastifyRequest, msgKey: string) => ({
      msg: req.t(`messages:${msgKey}`),
      evidence: await evidencePage(db, await scope(req)),
    });
    const response = { 200: ZEvidenceResponse };

    app.get(
      '/customer/case/:id/evidence/',
      {
        ...read,
        onSend: gzipLargeJson,
        schema: { tags, params: ZIdParams, response: { 200: ZEvidencePage } },
      },
      async (req) => evidencePage(db, await scope(req)),
    );
    app.post(
      '/customer/case/:id/evidence/',
      { ...write, schema: { tags, params: ZIdParams, body: ZFolderRequest, response } },
      async (req) => {
        await createFolder(ctx, await scope(req), req.body);
        return page(req, 'evidence_added');
      },
    );
    app.put(
      '/customer/case/:id/evidence/order/',
      { ...write, schema: { tags, params: ZIdParams, body: ZFolderOrderRequest, response } },
      async (req) => {
        await reorderFolders(ctx, await scope(req), req.body.criterion, req.body.ids);
        return page(req, 'order_adjusted');
      },
    );
    // Issue 31 item 1: the kinds a folder of each criterion may be tagged with (the folder dialog's choices).
    app.get(
      '/customer/case/:id/evidence/kinds/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZEvidenceKinds } } },
      async (req) => {
        const s = await scope(req);
        return evidenceKinds(categoryOf(s.projectCode), s.locale);
      },
    );
    // Issue 28 item 4: how the whole case is numbered (criterion order, the customer's sequence, first cited).
    app.put(
      '/customer/case/:id/evidence/exhibit_order/',
      { ...write, schema: { tags, params: ZIdParams, body: ZExhibitOrderRequest, response } },
      async (req) => {
        await setExhibitOrder(ctx, await scope(req), req.body);
        return page(req, 'order_adjusted');
      },
    );
    app.get(
      '/customer/case/:id/evidence/:folder_id/',
      { ...read, schema: { tags, params: ZCaseFolderParams, response: { 200: ZEvidenceFolder } } },
      async (req) => {
        const s = await scope(req);
        await ownedFolder(db, s.caseRow.id, req.params.folder_id);
        const folder = (await evidencePage(db, s)).folders.find((f) => f.id === req.params.folder_id);
        if (!folder) throw notFound();
        return folder;
      },
    );
    app.patch(
      '/customer/case/:id/evidence/:folder_id/',
      { ...write, schema: { tags, params: ZCaseFolderParams, body: ZFolderRequest, response } },
      async (req) => {
        await updateFolder(ctx, await scope(req), req.params.folder_id, req.body);
        return page(req, 'evidence_edited');
      },
    );
    app.delete(
      '/customer/case/:id/evidence/:folder_id/',
      { ...write, schema: { tags, params: ZCaseFolderParams, querystring: ZConfirmQuery, response } },
      async (req) => {
        await deleteFolder(ctx, await scope(req), req.params.folder_id, confirmed(req));
        return page(req, 'evidence_deleted');
      },
    );
    app.post(
      '/customer/case/:id/evidence/:folder_id/files/',
      { ...write, schema: { tags, params: ZCaseFolderParams, body: ZFileRequest, response } },
      async (req) => {
        await addFile(ctx, await scope(req), req.params.folder_id, req.body);
        return page(req, 'evidence_added');
      },
    );
    app.put(
      '/customer/case/:id/evidence/:folder_id/files/order/',
      { ...write, schema: { tags, params: ZCaseFolderParams, body: ZOrderRequest, response } },
      async (req) => {
        await reorderFiles(ctx, await scope(req), req.params.folder_id, req.body.ids);
        return page(req, 'order_adjusted');
      },
    );
    app.get(
      '/customer/case/:id/evidence/:folder_id/files/:file_id/',
      { ...read, schema: { tags, params: ZCaseFileParams, response: { 200: ZEvidenceFile } } },
      async (req) => {
        const s = await scope(req);
        const { folder_id: folderId, file_id: fileId } = req.params;
        await ownedFile(db, s.caseRow.id, folderId, fileId);
        const folder = (await evidencePage(db, s)).folders.find((f) => f.id === folderId);
        const file = folder?.files.find((f) => f.id === fileId);
        if (!file) throw notFound();
        return file;
      },
    );
    app.patch(
      '/customer/case/:id/evidence/:folder_id/files/:file_id/',
      { ...write, schema: { tags, params: ZCaseFileParams, body: ZFileRequest, response } },
      async (req) => {
        const ids = { folderId: req.params.folder_id, fileId: req.params.file_id };
        await updateFile(ctx, await scope(req), ids, req.body);
        return page(req, 'evidence_edited');
      },
    );
    app.delete(
      '/customer/case/:id/evidence/:folder_id/files/:file_id/',
      { ...write, schema: { tags, params: ZCaseFileParams, querystring: ZConfirmQuery, response } },
      async (req) => {
        const ids = { folderId: req.params.folder_id, fileId: req.params.file_id };
        await deleteFile(ctx, await scope(req), ids, confirmed(req));
        return page(req, 'evidence_deleted');
      },
    );
  };
