import { ZStaffWhereToFile, ZWhereToFileTable } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { CONTENT_EDITORS } from '../forms/forms-staff.routes.ts';
import { listWhereToFile, publishWhereToFile } from './where-to-file.service.ts';

/** The "where to file" table's versions for content editors (decision 0067). */
export const whereToFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: CONTENT_EDITORS };
    const tags = ['staff'];
    app.get(
      '/staff/where_to_file/',
      { config, schema: { tags, response: { 200: ZStaffWhereToFile } } },
      async () => listWhereToFile(ctx),
    );
    app.post(
      '/staff/where_to_file/',
      { config, schema: { tags, body: ZWhereToFileTable, response: { 200: ZStaffWhereToFile } } },
      async (req) => publishWhereToFile(ctx, staffOf(req), req.body),
    );
  };
