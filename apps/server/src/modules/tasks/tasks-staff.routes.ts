import {
  STAFF_ROLES,
  ZStaffDisplayName,
  ZStaffDisplayNameRequest,
  ZStaffTask,
  ZStaffTaskFile,
  ZStaffTaskFileQuery,
  ZStaffTaskPage,
  ZStaffTaskQuery,
  ZStaffTaskReleaseRequest,
  ZStaffTaskResultRequest,
  ZTaskIdParams,
  ZTaskZipUrl,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { STAFF_UPLOAD_MAX } from '../forms/forms-staff.routes.ts';
import { reportFilename, sendReport } from '../review/review-report.ts';
import { releaseTask } from './tasks.release.ts';
import {
  claimTask,
  finishTask,
  listQueue,
  setDisplayName,
  staffReviewReport,
  staffTask,
  staffZipLink,
  storeResultFile,
  TASK_STAFF,
} from './tasks.staff.service.ts';

/**
 * The staff queue of review and translation tasks (roles admin, reviewer, translator; a role sees only its
 * service's tasks, admin all): list with age and holder, claim, result files, result, the materials' zip.
 */
export const tasksStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { staffAccess: TASK_STAFF };
    const read = (action: string) => ({ ...config, staffRead: { action, target: 'service_task' } });
    const tags = ['staff'];
    const params = ZTaskIdParams;
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: STAFF_UPLOAD_MAX },
      (_r, b, done) => done(null, b),
    );
    app.get(
      '/staff/task/',
      {
        config: read('task.list'),
        schema: { tags, querystring: ZStaffTaskQuery, response: { 200: ZStaffTaskPage } },
      },
      async (req) => listQueue(ctx, staffOf(req), req.query),
    );
    app.get(
      '/staff/task/:id/',
      { config: read('task.view'), schema: { tags, params, response: { 200: ZStaffTask } } },
      async (req) => staffTask(ctx, staffOf(req), req.params.id),
    );
    app.get(
      '/staff/task/:id/get_zip_file_url/',
      { config: read('task.zip_link'), schema: { tags, params, response: { 200: ZTaskZipUrl } } },
      async (req) => staffZipLink(ctx, staffOf(req), req.params.id),
    );
    app.get(
      '/staff/task/:id/review_report.pdf',
      { config: read('task.review_report'), schema: { tags, params } },
      async (req, reply) => {
        const { bytes, caseId } = await staffReviewReport(ctx, staffOf(req), req.params.id, req.locale);
        return sendReport(reply, bytes, reportFilename(req.locale, caseId));
      },
    );
    app.post(
      '/staff/task/:id/claim/',
      { config, schema: { tags, params, response: { 200: ZStaffTask } } },
      async (req) => claimTask(ctx, staffOf(req), req.params.id),
    );
    app.put(
      '/staff/task/:id/file/',
      {
        config,
        schema: { tags, params, querystring: ZStaffTaskFileQuery, response: { 200: ZStaffTaskFile } },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) {
          throw new AppError(415, 'unsupported_media_type', 'errors:unsupported_media_type');
        }
        return storeResultFile(ctx, staffOf(req), req.params.id, new Uint8Array(req.body), req.query.name);
      },
    );
    app.post(
      '/staff/task/:id/result/',
      { config, schema: { tags, params, body: ZStaffTaskResultRequest, response: { 200: ZStaffTask } } },
      async (req) => finishTask(ctx, staffOf(req), req.params.id, req.body),
    );
    app.post(
      '/staff/task/:id/release/',
      {
        config: { staffAccess: ['admin'] },
        schema: { tags, params, body: ZStaffTaskReleaseRequest, response: { 200: ZStaffTask } },
      },
      async (req) => releaseTask(ctx, staffOf(req), req.params.id, req.body.reason),
    );
    app.put(
      '/staff/me/display_name/',
      {
        config: { staffAccess: STAFF_ROLES },
        schema: { tags, body: ZStaffDisplayNameRequest, response: { 200: ZStaffDisplayName } },
      },
      async (req) => setDisplayName(ctx, staffOf(req), req.body.display_name),
    );
  };
