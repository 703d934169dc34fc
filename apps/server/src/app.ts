import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { assessmentRoutes } from './modules/assessment/assessment.routes.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { assistantStaffRoutes } from './modules/assistant/assistant-staff.routes.ts';
import { assistantStaffTranslateRoutes } from './modules/assistant/assistant-staff-translate.routes.ts';
import { exhibitTextRoutes } from './modules/assistant/exhibit-text.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { caseRoutes } from './modules/case/case.routes.ts';
import { eta9089Routes } from './modules/case/eta9089.routes.ts';
import { consultationRoutes } from './modules/consultation/consultation.routes.ts';
import { consultationStaffRoutes } from './modules/consultation/consultation-staff.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { criteriaRoutes } from './modules/evidence/criteria.routes.ts';
import { evidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { filingRoutes } from './modules/filing/filing.routes.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { formsStaffRoutes } from './modules/forms/forms-staff.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { lettersRoutes } from './modules/letters/letters.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { packetRoutes } from './modules/packet/packet.routes.ts';
import { planAttachmentsRoutes } from './modules/plan-attachments/attachments.routes.ts';
import { qaRoutes } from './modules/qa/qa.routes.ts';
import { queuesStaffRoutes } from './modules/queues/queues-staff.routes.ts';
import { readmeRoutes } from './modules/readme/readme.routes.ts';
import { contentRoutes } from './modules/reference/content-staff.routes.ts';
import { reloadFeeSchedule } from './modules/reference/fee-schedule.service.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { referenceStaffRoutes } from './modules/reference/reference-staff.routes.ts';
import { whereToFileRoutes } from './modules/reference/where-to-file.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { rfeRoutes } from './modules/rfe/rfe.routes.ts';
import { rfePacketRoutes } from './modules/rfe/rfe-packet.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { staffRoutes } from './modules/shop/staff.routes.ts';
import { webhookRoutes } from './modules/shop/webhook.routes.ts';
import { staffAccountRoutes } from './modules/staff/staff.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { tasksStaffRoutes } from './modules/tasks/tasks-staff.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerI18n } from './plugins/i18n.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { requestLoggerFactory } from './plugins/request-logger.ts';
import { registerRequestScope } from './plugins/request-scope.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaffAuth } from './plugins/staff-auth.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildOptions {
  /** Serve the built web app (off in most integration tests). */
  serveWeb?: boolean;
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count believes that many proxies, nearest first. */
function trustProxyOption(
  t: false | number | string[],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_addr, hop) => hop < t : t;
}

/** Builds the HTTP app: plugins and modules registered explicitly, in order. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    // req.log: pino's child with the request id, made on the request's first line (request-logger.ts).
    childLoggerFactory: requestLoggerFactory,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    // What Node's HTTP parser refuses (431, 414, 400, 408) is answered as { code, msg } too (client-errors.ts).
    clientErrorHandler: clientErrorHandler(ctx.logger),
    // Which proxies to believe for the client address (TRUST_PROXY; off by default).
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set before anything can answer (no onSend hook: a route without one skips that stage of every answer).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  // The fee table in force (shipped + staff rows) is held in memory for the form evaluation; read it first.
  app.addHook('onReady', () => reloadFeeSchedule(ctx));
  registerRequestScope(app);
  registerRouteTable(app);
  registerI18n(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurity(app, ctx.config, ctx.redis);
  registerAuth(app);
  registerStaffAuth(app, ctx);
  await registerOpenApi(app);
  registerMetrics(app, ctx.metrics, ctx.config.metricsToken);

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
  await app.register(caseRoutes(ctx), { prefix: '/api' });
  await app.register(formsRoutes(ctx), { prefix: '/api' });
  await app.register(formsStaffRoutes(ctx), { prefix: '/api' });
  await app.register(referenceStaffRoutes(ctx), { prefix: '/api' });
  await app.register(uploadsRoutes(ctx), { prefix: '/api' });
  await app.register(tasksRoutes(ctx), { prefix: '/api' });
  await app.register(tasksStaffRoutes(ctx), { prefix: '/api' });
  await app.register(queuesStaffRoutes(ctx), { prefix: '/api' });
  await app.register(contentRoutes(ctx), { prefix: '/api' });
  await app.register(whereToFileRoutes(ctx), { prefix: '/api' });
  await app.register(criteriaRoutes(ctx), { prefix: '/api' });
  await app.register(evidenceRoutes(ctx), { prefix: '/api' });
  await app.register(lettersRoutes(ctx), { prefix: '/api' });
  await app.register(planAttachmentsRoutes(ctx), { prefix: '/api' });
  await app.register(eta9089Routes(ctx), { prefix: '/api' });
  await app.register(staffAccountRoutes(ctx), { prefix: '/api' });
  await app.register(documentsRoutes(ctx), { prefix: '/api' });
  await app.register(readmeRoutes(ctx), { prefix: '/api' });
  await app.register(reviewRoutes(ctx), { prefix: '/api' });
  await app.register(packetRoutes(ctx), { prefix: '/api' });
  await app.register(filingRoutes(ctx), { prefix: '/api' });
  await app.register(rfeRoutes(ctx), { prefix: '/api' });
  await app.register(rfePacketRoutes(ctx), { prefix: '/api' });
  await app.register(consultationRoutes(ctx), { prefix: '/api' });
  await app.register(consultationStaffRoutes(ctx), { prefix: '/api' });
  await app.register(assistantRoutes(ctx), { prefix: '/api' });
  await app.register(assistantStaffRoutes(ctx), { prefix: '/api' });
  await app.register(assistantStaffTranslateRoutes(ctx), { prefix: '/api' });
  await app.register(exhibitTextRoutes(ctx), { prefix: '/api' });

  await registerWeb(app, opts.serveWeb ? ctx.config.webDist : '');
  return app;
}
