import {
  ZAdviceStatusRequest,
  ZLeadStatusRequest,
  ZStaffAdvice,
  ZStaffAdvicePage,
  ZStaffAdviceQuery,
  ZStaffAppointment,
  ZStaffAppointmentPage,
  ZStaffAssessment,
  ZStaffAssessmentPage,
  ZStaffHotKeywordQuery,
  ZStaffHotKeywordRequest,
  ZStaffHotKeywords,
  ZStaffLeadQuery,
  ZStaffNoteRequest,
  ZStaffQa,
  ZStaffQaAnswerRequest,
  ZStaffQaCategory,
  ZStaffQaCategoryRequest,
  ZStaffQaPage,
  ZStaffQaPublishRequest,
  ZStaffQaQuery,
  ZStaffQueueIdParams,
} from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { staffOf } from '../../plugins/staff-auth.ts';
import { getAdvice, listAdvice, noteAdvice, setAdviceStatus } from './advice.staff.service.ts';
import {
  claimLead,
  getAppointment,
  getAssessment,
  LEAD_STAFF,
  type LeadKind,
  listAppointments,
  listAssessments,
  moveLead,
  noteLead,
} from './leads.service.ts';
import {
  answerQa,
  CONTENT_STAFF,
  createCategory,
  deleteCategory,
  getStaffQa,
  listStaffCategories,
  listStaffQa,
  publishQa,
  updateCategory,
} from './qa.staff.service.ts';
import { reviewHotKeywords, setKeywordReview } from './qa-keywords.staff.service.ts';

/**
 * Staff work queues besides review/translation tasks (issue 16 item 8; decision 0035): agent appointments and
 * assessment submissions (admin, consultant), Q&A and the suggestions inbox (admin, content_editor).
 */
export const queuesStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['staff'];
    const params = ZStaffQueueIdParams;

    // ── Leads ──
    const leads = { staffAccess: LEAD_STAFF };
    const read = (action: string, target: string) => ({ ...leads, staffRead: { action, target } });
    app.get(
      '/staff/appointment/',
      {
        config: read('agent_appointment.list', 'agent_appointment'),
        schema: { tags, querystring: ZStaffLeadQuery, response: { 200: ZStaffAppointmentPage } },
      },
      async (req) => listAppointments(ctx, req.query),
    );
    app.get(
      '/staff/assessment/',
      {
        config: read('assessment.list', 'assessment'),
        schema: { tags, querystring: ZStaffLeadQuery, response: { 200: ZStaffAssessmentPage } },
      },
      async (req) => listAssessments(ctx, req.query),
    );
    app.get(
      '/staff/appointment/:id/',
      {
        config: read('agent_appointment.view', 'agent_appointment'),
        schema: { tags, params, response: { 200: ZStaffAppointment } },
      },
      async (req) => getAppointment(ctx, req.params.id),
    );
    app.get(
      '/staff/assessment/:id/',
      {
        config: read('assessment.view', 'assessment'),
        schema: { tags, params, response: { 200: ZStaffAssessment } },
      },
      async (req) => getAssessment(ctx, req.params.id),
    );
    for (const [kind, response] of [
      ['appointment', ZStaffAppointment],
      ['assessment', ZStaffAssessment],
    ] as const) {
      const k: LeadKind = kind;
      app.post(
        `/staff/${kind}/:id/claim/`,
        { config: leads, schema: { tags, params, response: { 200: response } } },
        async (req) => claimLead(ctx, staffOf(req), k, req.params.id),
      );
      app.post(
        `/staff/${kind}/:id/status/`,
        { config: leads, schema: { tags, params, body: ZLeadStatusRequest, response: { 200: response } } },
        async (req) => moveLead(ctx, staffOf(req), k, req.params.id, req.body.status),
      );
      app.post(
        `/staff/${kind}/:id/note/`,
        { config: leads, schema: { tags, params, body: ZStaffNoteRequest, response: { 200: response } } },
        async (req) => noteLead(ctx, staffOf(req), k, req.params.id, req.body.body),
      );
    }

    // ── Q&A ──
    const content = { staffAccess: CONTENT_STAFF };
    app.get(
      '/staff/qa/',
      { config: content, schema: { tags, querystring: ZStaffQaQuery, response: { 200: ZStaffQaPage } } },
      async (req) => listStaffQa(ctx, req.query),
    );
    app.get(
      '/staff/qa/hot_keywords/',
      {
        config: content,
        schema: { tags, querystring: ZStaffHotKeywordQuery, response: { 200: ZStaffHotKeywords } },
      },
      async (req) => reviewHotKeywords(ctx, req.query.status),
    );
    app.post(
      '/staff/qa/hot_keywords/',
      {
        config: content,
        schema: { tags, body: ZStaffHotKeywordRequest, response: { 200: ZStaffHotKeywords } },
      },
      async (req) => setKeywordReview(ctx, staffOf(req), req.body.keyword, req.body.status),
    );
    app.get(
      '/staff/qa/:id/',
      { config: content, schema: { tags, params, response: { 200: ZStaffQa } } },
      async (req) => getStaffQa(ctx, req.params.id),
    );
    app.put(
      '/staff/qa/:id/',
      { config: content, schema: { tags, params, body: ZStaffQaAnswerRequest, response: { 200: ZStaffQa } } },
      async (req) => answerQa(ctx, staffOf(req), req.params.id, req.body),
    );
    app.post(
      '/staff/qa/:id/publish/',
      {
        config: content,
        schema: { tags, params, body: ZStaffQaPublishRequest, response: { 200: ZStaffQa } },
      },
      async (req) => publishQa(ctx, staffOf(req), req.params.id, req.body.published),
    );
    app.get(
      '/staff/qa_category/',
      { config: content, schema: { tags, response: { 200: z.array(ZStaffQaCategory) } } },
      async () => listStaffCategories(ctx),
    );
    app.post(
      '/staff/qa_category/',
      {
        config: content,
        schema: { tags, body: ZStaffQaCategoryRequest, response: { 200: ZStaffQaCategory } },
      },
      async (req) => createCategory(ctx, staffOf(req), req.body),
    );
    app.put(
      '/staff/qa_category/:id/',
      {
        config: content,
        schema: { tags, params, body: ZStaffQaCategoryRequest, response: { 200: ZStaffQaCategory } },
      },
      async (req) => updateCategory(ctx, staffOf(req), req.params.id, req.body),
    );
    app.delete(
      '/staff/qa_category/:id/',
      { config: content, schema: { tags, params } },
      async (req, reply) => {
        await deleteCategory(ctx, staffOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    // ── Suggestions ──
    app.get(
      '/staff/advice/',
      {
        config: content,
        schema: { tags, querystring: ZStaffAdviceQuery, response: { 200: ZStaffAdvicePage } },
      },
      async (req) => listAdvice(ctx, req.query),
    );
    app.get(
      '/staff/advice/:id/',
      { config: content, schema: { tags, params, response: { 200: ZStaffAdvice } } },
      async (req) => getAdvice(ctx, req.params.id),
    );
    app.post(
      '/staff/advice/:id/status/',
      {
        config: content,
        schema: { tags, params, body: ZAdviceStatusRequest, response: { 200: ZStaffAdvice } },
      },
      async (req) => setAdviceStatus(ctx, staffOf(req), req.params.id, req.body.status),
    );
    app.post(
      '/staff/advice/:id/note/',
      { config: content, schema: { tags, params, body: ZStaffNoteRequest, response: { 200: ZStaffAdvice } } },
      async (req) => noteAdvice(ctx, staffOf(req), req.params.id, req.body.body),
    );
  };
