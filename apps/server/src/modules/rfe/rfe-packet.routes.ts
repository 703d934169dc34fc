import { ZIdParam, ZRfePacket } from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { requestRfePacket, rfePacketFile, rfePacketView } from './rfe-packet.ts';

const ZRfePacketParams = z.object({ id: ZIdParam, rfe_id: ZIdParam });

/**
 * The RFE response packet (issue 32 item 4, decision 0080): state and problems, queue a build, the last file. The
 * petition packet's gates: reads pass after the plan expired, a build does not; another customer's case, or an RFE
 * of another case, is a 404.
 */
export const rfePacketRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['rfe'];
    const { read, write, scope } = caseGates(ctx);
    const view = async (req: FastifyRequest) => {
      const s = await scope(req);
      const { rfe_id } = req.params as z.infer<typeof ZRfePacketParams>;
      return rfePacketView(ctx, s.caseRow, s.projectCode, rfe_id, s.locale);
    };

    app.get(
      '/customer/case/:id/rfe/:rfe_id/packet/',
      { ...read, schema: { tags, params: ZRfePacketParams, response: { 200: ZRfePacket } } },
      view,
    );
    app.post(
      '/customer/case/:id/rfe/:rfe_id/packet/',
      { ...write, schema: { tags, params: ZRfePacketParams, response: { 200: ZRfePacket } } },
      async (req) => {
        const s = await scope(req);
        await requestRfePacket(ctx, s.caseRow, s.projectCode, req.params.rfe_id, s.locale);
        return view(req);
      },
    );
    app.get(
      '/customer/case/:id/rfe/:rfe_id/packet/file/',
      {
        ...read,
        schema: {
          tags,
          params: ZRfePacketParams,
          querystring: z.object({ inline: z.enum(['1']).optional() }),
        },
      },
      async (req, reply) => {
        const s = await scope(req);
        const { key, name } = await rfePacketFile(ctx, s.caseRow, s.projectCode, req.params.rfe_id);
        const { object, stream } = await ctx.storage.get(key);
        const disposition = contentDisposition(name);
        return reply
          .type('application/pdf')
          .header('content-length', object.size)
          .header(
            'content-disposition',
            req.query.inline === '1' ? disposition.replace(/^attachment/, 'inline') : disposition,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
