import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.ts';

/** `Authorization: Bearer <token>` compared in constant time (also when the lengths differ). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length
    ? timingSafeEqual(given, expected)
    : !timingSafeEqual(expected, expected);
}

/**
 * A worker-only process (SERVICES=worker) has no HTTP app, yet its jobs are timed in it: with METRICS_TOKEN it
 * answers GET /metrics on PORT (same token), and nothing else (404).
 */
export function serveWorkerMetrics(
  metrics: Metrics,
  token: string,
  listen: { port: number; host: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"not_found"}');
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end('{"code":"unauthorized"}');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve(server));
  });
}
