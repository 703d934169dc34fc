import { ZExhibitText, ZExhibitTextParams } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerIdOf } from '../../plugins/auth.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { caseGates } from '../evidence/case-scope.ts';
import { TASK_STAFF } from '../tasks/tasks.staff.service.ts';
import { customerExhibitText, staffExhibitText } from './exhibit-text.service.ts';

/**
 * An exhibit's text per page, as the upload check kept it (text layer or OCR; issue 33 item 1, decision 0085):
 * for the customer's own case, and for staff handling a task of that case (translators read it beside the page).
 * Reads only; the note says, in the caller's language, why pages have no text.
 */
export const exhibitTextRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { read } = caseGates(ctx);
    app.get(
      '/customer/case/:id/exhibit-text/:upload_id/',
      {
        ...read,
        schema: { tags: ['assistant'], params: ZExhibitTextParams, response: { 200: ZExhibitText } },
      },
      async (req) =>
        customerExhibitText(ctx, customerIdOf(req), req.params.id, req.params.upload_id, req.locale),
    );
    app.get(
      '/staff/task/:id/exhibit-text/:upload_id/',
      {
        // A staff read of customer material: audited like the task's zip (decision 0050).
        config: {
          staffAccess: TASK_STAFF,
          staffRead: { action: 'task.exhibit_text', target: 'service_task' },
        },
        schema: { tags: ['staff'], params: ZExhibitTextParams, response: { 200: ZExhibitText } },
      },
      async (req) => staffExhibitText(ctx, staffOf(req), req.params.id, req.params.upload_id, req.locale),
    );
  };
