import { ZIdParams, ZPacket, ZPacketResponse } from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { packetFileKey, packetView, requestPacket } from './packet.service.ts';

/**
 * The print file (issue 14; spec §4 Print file, decision 0027): state and problems, queue a build, the last
 * file. Reads pass after the plan expired, a build does not; another customer's case is a 404.
 */
export const packetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['packet'];
    const { read, write, scope } = caseGates(ctx);
    const view = async (req: FastifyRequest) => {
      const s = await scope(req);
      return packetView(ctx, s.caseRow, s.projectCode, s.locale);
    };

    app.get(
      '/customer/case/:id/packet/',
      { ...read, schema: { tags, params: ZIdParams, response: { 200: ZPacket } } },
      view,
    );
    app.post(
      '/customer/case/:id/packet/',
      { ...write, schema: { tags, params: ZIdParams, response: { 200: ZPacketResponse } } },
      async (req) => {
        const s = await scope(req);
        const { queued } = await requestPacket(ctx, s.caseRow, s.projectCode, s.locale);
        return {
          msg: req.t(`messages:${queued ? 'packet_queued' : 'packet_already_queued'}`),
          packet: await view(req),
        };
      },
    );
    app.get(
      '/customer/case/:id/packet/file/',
      {
        ...read,
        schema: { tags, params: ZIdParams, querystring: z.object({ inline: z.enum(['1']).optional() }) },
      },
      async (req, reply) => {
        const s = await scope(req);
        const { key, file } = await packetFileKey(ctx, s.caseRow, s.projectCode);
        const { object, stream } = await ctx.storage.get(key);
        const disposition = contentDisposition(file.name);
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
