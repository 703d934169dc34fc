import { ErrorCode, ZHealth, ZNotReady, ZReady } from '@dossier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { checkReadiness } from './health.service.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true, response: { 200: ZHealth } } }, async () => ({
      status: 'ok' as const,
    }));

    app.get(
      '/readyz',
      { schema: { hide: true, response: { 200: ZReady, 503: ZNotReady } } },
      async (req, reply) => {
        const r = await checkReadiness(ctx);
        if (!r.ready) {
          req.log.warn({ reason: r.reason, err: r.err }, 'not ready');
          return reply
            .status(503)
            .send({ code: ErrorCode.notReady, msg: req.t('errors:not_ready'), reason: r.reason });
        }
        return { status: 'ready' as const, database: ctx.db.kind, migrations: r.migrations, redis: r.redis };
      },
    );
  };
