import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { assessmentRoutes } from './modules/assessment/assessment.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { qaRoutes } from './modules/qa/qa.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { staffRoutes } from './modules/shop/staff.routes.ts';
import { webhookRoutes } from './modules/shop/webhook.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerI18n } from './plugins/i18n.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildOptions {
  /** Serve the built web app (off in most integration tests). */
  serveWeb?: boolean;
}

/** Builds the HTTP app: plugins and modules registered explicitly, in order. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerI18n(app);
  registerErrorHandling(app);
  await registerSecurity(app, ctx.config);
  registerAuth(app);
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx));
  await app.register(referenceRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(customerRoutes(ctx), { prefix: '/api' });
  await app.register(notificationRoutes(ctx), { prefix: '/api' });
  await app.register(qaRoutes(ctx), { prefix: '/api' });
  await app.register(contactRoutes(ctx), { prefix: '/api' });
  await app.register(shopRoutes(ctx), { prefix: '/api' });
  await app.register(webhookRoutes(ctx), { prefix: '/api' });
  await app.register(staffRoutes(ctx), { prefix: '/api' });
  await app.register(assessmentRoutes(ctx), { prefix: '/api' });

  await registerWeb(app, opts.serveWeb ? ctx.config.webDist : '');
  return app;
}
