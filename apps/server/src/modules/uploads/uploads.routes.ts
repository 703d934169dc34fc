import {
  UploadErrorCode,
  ZUpload,
  ZUploadCreateQuery,
  ZUploadDeleted,
  ZUploadIdParams,
  ZUploadKeyParams,
  ZUploadLink,
  ZUploadLinkQuery,
} from '@dossier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { errorOf } from '../../plugins/errors.ts';
import { requireEntitlement } from '../shop/gate.ts';
import { finaliseTransfer } from './uploads.finalise.ts';
import { deleteUpload, getUpload, openUpload, uploadLink, uploadProjectCode } from './uploads.service.ts';
import { createTransfer, forgetTransfer, transferProjectCode, transferState } from './uploads.transfer.ts';
import { createTusHandler } from './uploads.tus.ts';
import { openTusArea } from './uploads.tus-area.ts';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** `attachment` with the original name: an ASCII fallback and the exact name RFC 5987-encoded. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Uploads (issue 12 item 6): the tus endpoint under /api/customer/uploads/tus/ and the uploads themselves.
 * Every call: a logged-in customer, the workbench gate of the upload's project (writes refused after expiry,
 * reads allowed), and ownership: another customer's id or key is a 404.
 */
export const uploadsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['uploads'];
    const requireLogin = requireCustomer(ctx);
    const area = openTusArea(ctx);
    const handOver = createTusHandler(ctx, area);
    const keyOf = (req: FastifyRequest) => (req.params as { key: string }).key;
    const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
    const transferGate = (write: boolean) =>
      requireEntitlement(ctx, (req) => transferProjectCode(ctx, customerIdOf(req), keyOf(req)), { write });
    const uploadGate = (write: boolean) =>
      requireEntitlement(ctx, (req) => uploadProjectCode(ctx, customerIdOf(req), idOf(req)), { write });

    // The tus server reads PATCH (and creation-with-upload) bodies itself, as a stream.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    // ── tus endpoint ─────────────────────────────────────────────────────────────────────────────────────
    app.post(
      '/customer/uploads/tus/',
      {
        onRequest: requireLogin,
        preHandler: requireEntitlement(ctx, (req) => (req.query as { project_code?: string }).project_code, {
          write: true,
        }),
        schema: {
          tags,
          description:
            'tus creation: Tus-Resumable 1.0.0, Upload-Length, Upload-Metadata `filename <base64>[,filetype <base64>]` → 201 Location',
          querystring: ZUploadCreateQuery,
        },
      },
      async (req, reply) => {
        const key = await createTransfer(ctx, {
          customerId: customerIdOf(req),
          projectCode: req.query.project_code,
          uploadLength: header(req, 'upload-length'),
          uploadDeferLength: header(req, 'upload-defer-length'),
          uploadMetadata: header(req, 'upload-metadata'),
          uploadConcat: header(req, 'upload-concat'),
        });
        // A creation not answered 201 gave the client no Location: its reservation and any bytes it left in
        // the transfer area go before the answer does (tus refused a header, the body overran, the file was
        // refused…), instead of holding the quota for UPLOAD_ORPHAN_HOURS.
        await handOver(req, reply, key, async (res) => {
          if (res.status === 201) return;
          await area.store.forget(key);
          await forgetTransfer(ctx, key);
        });
      },
    );
    app.head(
      '/customer/uploads/tus/:key',
      {
        onRequest: requireLogin,
        preHandler: transferGate(false),
        schema: {
          tags,
          description: 'tus offset of a transfer (resume from Upload-Offset)',
          params: ZUploadKeyParams,
        },
      },
      async (req, reply) => {
        // A finished transfer's bytes have moved to storage: answer "complete" so a client whose last answer
        // was lost finishes instead of uploading the file again.
        const state = await transferState(ctx, req.params.key);
        if (state?.finished) {
          return reply
            .status(200)
            .headers({
              'tus-resumable': '1.0.0',
              'upload-offset': String(state.size),
              'upload-length': String(state.size),
              'cache-control': 'no-store',
            })
            .send();
        }
        await handOver(req, reply, req.params.key);
      },
    );
    app.patch(
      '/customer/uploads/tus/:key',
      {
        onRequest: requireLogin,
        preHandler: transferGate(true),
        schema: {
          tags,
          description: 'tus bytes from Upload-Offset (application/offset+octet-stream)',
          params: ZUploadKeyParams,
        },
      },
      async (req, reply) => {
        await handOver(req, reply, req.params.key);
      },
    );
    app.delete(
      '/customer/uploads/tus/:key',
      {
        onRequest: requireLogin,
        preHandler: transferGate(true),
        schema: { tags, description: 'tus termination of an unfinished transfer', params: ZUploadKeyParams },
      },
      async (req, reply) => {
        // The quota is released before the 204 reaches the client, so its next creation already sees it.
        await handOver(req, reply, req.params.key, async (res) => {
          if (res.status === 204) await forgetTransfer(ctx, req.params.key);
        });
      },
    );
    app.get(
      '/customer/uploads/tus/:key/',
      {
        onRequest: requireLogin,
        preHandler: transferGate(false),
        exposeHeadRoute: false,
        schema: { tags, params: ZUploadKeyParams, response: { 200: ZUpload } },
      },
      async (req) => {
        const r = await finaliseTransfer(ctx, area, req.params.key);
        if (r.state === 'incomplete') throw errorOf(409, UploadErrorCode.incomplete);
        if (r.state === 'refused') {
          throw errorOf(422, UploadErrorCode.refused, { reason: r.refusal[req.locale] });
        }
        return getUpload(ctx, { customerId: customerIdOf(req), id: r.uploadId, locale: req.locale });
      },
    );

    // ── Uploads ──────────────────────────────────────────────────────────────────────────────────────────
    app.get(
      '/customer/uploads/:id/',
      {
        onRequest: requireLogin,
        preHandler: uploadGate(false),
        schema: { tags, params: ZUploadIdParams, response: { 200: ZUpload } },
      },
      async (req) => getUpload(ctx, { customerId: customerIdOf(req), id: req.params.id, locale: req.locale }),
    );
    const download = (variant: 'original' | 'pdf') => async (req: FastifyRequest, reply: FastifyReply) => {
      const file = await openUpload(ctx, { customerId: customerIdOf(req), id: idOf(req), variant });
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    };
    app.get(
      '/customer/uploads/:id/original/',
      { onRequest: requireLogin, preHandler: uploadGate(false), schema: { tags, params: ZUploadIdParams } },
      download('original'),
    );
    app.get(
      '/customer/uploads/:id/pdf/',
      { onRequest: requireLogin, preHandler: uploadGate(false), schema: { tags, params: ZUploadIdParams } },
      download('pdf'),
    );
    app.get(
      '/customer/uploads/:id/link/',
      {
        onRequest: requireLogin,
        preHandler: uploadGate(false),
        schema: {
          tags,
          params: ZUploadIdParams,
          querystring: ZUploadLinkQuery,
          response: { 200: ZUploadLink },
        },
      },
      async (req) =>
        uploadLink(ctx, {
          customerId: customerIdOf(req),
          id: req.params.id,
          variant: req.query.variant,
          inline: req.query.inline === '1',
        }),
    );
    app.delete(
      '/customer/uploads/:id/',
      {
        onRequest: requireLogin,
        preHandler: uploadGate(true),
        schema: { tags, params: ZUploadIdParams, response: { 200: ZUploadDeleted } },
      },
      async (req) => {
        await deleteUpload(ctx, { customerId: customerIdOf(req), id: req.params.id });
        return { msg: req.t('messages:upload_deleted') };
      },
    );
  };
