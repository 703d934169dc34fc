import {
  ZTask,
  ZTaskIdParams,
  ZTaskList,
  ZTaskListQuery,
  ZTaskSubmitRequest,
  ZTaskZipQuery,
  ZTaskZipUrl,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf, requireCustomer } from '../../plugins/auth.ts';
import { requireEntitlement } from '../shop/gate.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { cancelTask, getTask, listTasks, type OwnedTask, ownedTask, submitTask } from './tasks.service.ts';
import { auditZipDownload, taskOfZipLink, zipEntries, zipLink, zipStream } from './tasks.zip.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the task gate: the caller's task of this call. */
    task?: OwnedTask;
  }
}

/**
 * Review and translation tasks, the customer's calls (spec §7 Rights tasks; decision 0031). The id is the
 * my_rights row's id. Another customer's task is a 404; the bought (and running) add-on is needed to submit,
 * cancel or fetch the zip (403 purchase_before_use / buy_to_view otherwise, as every workbench call).
 */
export const tasksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['tasks'];
    const onRequest = requireCustomer(ctx);
    /** The caller's task (404), then the workbench gate with the task's service. */
    const gate = (write: boolean) => async (req: FastifyRequest) => {
      const t = await ownedTask(ctx, customerIdOf(req), (req.params as { id: number }).id);
      req.task = t;
      await requireEntitlement(ctx, () => t.projectCode, { write, service: t.row.service as 'REVIEW' })(req);
    };
    const taskOf = (req: FastifyRequest) => req.task!;

    app.get(
      '/customer/task/',
      { onRequest, schema: { tags, querystring: ZTaskListQuery, response: { 200: ZTaskList } } },
      async (req) => listTasks(ctx, customerIdOf(req), req.query.project_code),
    );
    app.get(
      '/customer/task/:id/',
      { onRequest, schema: { tags, params: ZTaskIdParams, response: { 200: ZTask } } },
      async (req) => getTask(ctx, customerIdOf(req), req.params.id),
    );
    app.patch(
      '/customer/task/:id/submit/',
      {
        onRequest,
        preHandler: gate(true),
        schema: { tags, params: ZTaskIdParams, body: ZTaskSubmitRequest, response: { 200: ZTask } },
      },
      async (req) => submitTask(ctx, taskOf(req), req.body.covers),
    );
    app.patch(
      '/customer/task/:id/cancel_submit/',
      {
        onRequest,
        preHandler: gate(true),
        schema: { tags, params: ZTaskIdParams, response: { 200: ZTask } },
      },
      async (req) => cancelTask(ctx, taskOf(req)),
    );
    app.get(
      '/customer/task/:id/get_zip_file_url/',
      {
        onRequest,
        preHandler: gate(false),
        schema: { tags, params: ZTaskIdParams, response: { 200: ZTaskZipUrl } },
      },
      async (req) => zipLink(ctx, taskOf(req).row),
    );
    // The signed link itself: no login (the browser follows it); the signature names task, customer, expiry (and
    // the staff member a staff link was issued to: that download is audited as theirs).
    app.get(
      '/customer/task/:id/zip/',
      { schema: { tags, params: ZTaskIdParams, querystring: ZTaskZipQuery } },
      async (req, reply) => {
        const row = await taskOfZipLink(ctx, req.params.id, req.query);
        const zip = await zipEntries(ctx, row, req.locale);
        const by = req.query.by;
        if (by !== undefined) await auditZipDownload(ctx, { row, by, ip: req.ip, zip });
        const stream = zipStream(zip.entries, (err) =>
          req.log.error({ err, task: row.id }, 'task zip entry failed'),
        );
        return reply
          .type('application/zip')
          .header('content-disposition', contentDisposition(`${row.service.toLowerCase()}-${row.id}.zip`))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );
  };
