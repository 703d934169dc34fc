import { ZAreaCode, ZAreaCodeQuery, ZIdParams, ZPage, ZStaticFile, ZTimezone } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { listAreaCodes, listStaticFiles, listTimezones, openStaticFile } from './reference.service.ts';

export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/phone_area_code/',
      { schema: { tags: ['reference'], querystring: ZAreaCodeQuery, response: { 200: ZPage(ZAreaCode) } } },
      async (req) => listAreaCodes(ctx, req.query),
    );
    app.get(
      '/customer/messy/timezones/',
      { schema: { tags: ['reference'], response: { 200: z.array(ZTimezone) } } },
      async (req) => listTimezones(ctx, { locale: req.locale }),
    );
    app.get(
      '/customer/messy/static_files/',
      { schema: { tags: ['reference'], response: { 200: z.array(ZStaticFile) } } },
      async (req) => listStaticFiles(ctx, { locale: req.locale }),
    );
    app.get(
      '/customer/messy/static_files/:id/download/',
      { schema: { tags: ['reference'], params: ZIdParams } },
      async (req, reply) => {
        const file = await openStaticFile(ctx, { id: req.params.id, locale: req.locale });
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
          .send(file.stream);
      },
    );
  };
