import { type StaffRole, ZAssistantUsageList, ZAssistantUsageQuery } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { assistantUsageOf } from './assistant-staff.service.ts';

/** Who sees what the assistant costs: the people who pay for it (decision 0083). */
const USAGE: readonly StaffRole[] = ['admin', 'finance'];

/** GET /api/staff/assistant/usage/?day=YYYY-MM-DD — the day's use per customer (a read of customer material). */
export const assistantStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/staff/assistant/usage/',
      {
        config: {
          staffAccess: USAGE,
          staffRead: { action: 'assistant_usage.list', target: 'assistant_usage' },
        },
        schema: {
          tags: ['staff'],
          querystring: ZAssistantUsageQuery,
          response: { 200: ZAssistantUsageList },
        },
      },
      async (req) => assistantUsageOf(ctx, req.query.day),
    );
  };
