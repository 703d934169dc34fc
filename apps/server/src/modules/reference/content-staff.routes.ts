import {
  type TFeeScheduleView,
  ZFeeScheduleView,
  ZProjectFilesQuery,
  ZStaffFeeRowRequest,
  ZStaffFeeRows,
  ZStaffStaticFiles,
  ZStaticFile,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { CONTENT_EDITORS } from '../forms/forms-staff.routes.ts';
import { addFeeRow, listFeeRows, listStaffStaticFiles, projectFiles } from './content.service.ts';
import { freshFeeSchedule } from './fee-schedule.service.ts';

/** Content for staff (catalogue list, fee rows) and the customer's per-project files (issue 16 item 9). */
export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: CONTENT_EDITORS };
    const tags = ['staff'];
    app.get(
      '/staff/static_file/',
      { config, schema: { tags, response: { 200: ZStaffStaticFiles } } },
      async () => listStaffStaticFiles(ctx),
    );
    app.get('/staff/fee/', { config, schema: { tags, response: { 200: ZStaffFeeRows } } }, async () =>
      listFeeRows(ctx),
    );
    app.post(
      '/staff/fee/',
      { config, schema: { tags, body: ZStaffFeeRowRequest, response: { 200: ZStaffFeeRows } } },
      async (req) => addFeeRow(ctx, staffOf(req), req.body),
    );
    app.get(
      '/customer/project/fee_schedule/',
      { schema: { tags: ['reference'], response: { 200: ZFeeScheduleView } } },
      async () => {
        const { schedule, checked } = await freshFeeSchedule(ctx);
        return { checked, schedule: schedule as TFeeScheduleView['schedule'] };
      },
    );
    app.get(
      '/customer/project/guidance_zip_files/',
      {
        schema: {
          tags: ['reference'],
          querystring: ZProjectFilesQuery,
          response: { 200: z.array(ZStaticFile) },
        },
      },
      async (req) =>
        projectFiles(ctx, 'guidance', { projectCode: req.query.project_code, locale: req.locale }),
    );
    app.get(
      '/customer/project/instruction_pdf_files/',
      {
        schema: {
          tags: ['reference'],
          querystring: ZProjectFilesQuery,
          response: { 200: z.array(ZStaticFile) },
        },
      },
      async (req) =>
        projectFiles(ctx, 'instruction', { projectCode: req.query.project_code, locale: req.locale }),
    );
  };
