import { ErrorCode } from '@dossier/contract';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';
import { bearerMatches } from '../metrics/worker-server.ts';
import { AppError } from './errors.ts';

/** The label of a request the router matched to no route (a 404): one series, whatever the URL was. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Records every request's latency under its routed path, and serves GET /metrics to a scraper holding
 * METRICS_TOKEN (`Authorization: Bearer <token>`, compared in constant time). Without a token configured the
 * route does not exist (404). It is counted by the global per-IP rate limit like any API call (plugins/security).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      req.routeOptions.url ?? UNMATCHED_ROUTE,
      req.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) throw new AppError(401, ErrorCode.unauthorized);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
