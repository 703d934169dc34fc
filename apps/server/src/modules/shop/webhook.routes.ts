import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { handleWebhook } from './webhook.service.ts';

/**
 * POST /api/payment/webhook/{provider}/: the provider's delivery, kept as the exact bytes received
 * (signatures are computed over them). An encapsulated plugin: its own parsers hand JSON and form bodies
 * over as a Buffer and do not affect the rest of the API.
 */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/payment/webhook/:provider/',
      { schema: { tags: ['shop'], params: z.object({ provider: z.string().max(40) }) } },
      async (req, reply) => {
        const provider = ctx.payments.byId(req.params.provider);
        if (!provider) throw notFound();
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await handleWebhook(ctx, { provider, headers: req.headers, rawBody });
        return reply.status(200).type(provider.ack.contentType).send(provider.ack.body);
      },
    );
  };
