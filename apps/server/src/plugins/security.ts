import { ErrorCode } from '@dossier/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { RedisHandle } from '../providers/redis/redis.ts';
import { registerApiBudget } from './api-budget.ts';
import { AppError } from './errors.ts';
import { resilientStoreClass } from './rate-limit-store.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/**
 * Counted: every route under /api. Decided on the route the router matched (`routeOptions.url`), never on the
 * raw URL, so `/%61pi/…` (which the router decodes to the same handler) spends the same budget.
 */
export const isApiRoute = (routeUrl: string | undefined): boolean => (routeUrl ?? '').startsWith('/api/');
/** Counted too: the metrics endpoint (its bearer token must not be guessable at an unlimited rate). */
const isCounted = (routeUrl: string | undefined): boolean => isApiRoute(routeUrl) || routeUrl === '/metrics';

/** The window of the per-IP limits (RATE_LIMIT_PER_MINUTE, AUTH_RATE_LIMIT_PER_MINUTE). */
const WINDOW_MS = 60_000;

/** Security headers and the per-IP rate limits. */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  redis: RedisHandle | null,
): Promise<void> {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only meaningful behind HTTPS; harmless otherwise.
    strictTransportSecurity: config.nodeEnv === 'production',
  });
  // Several API nodes share their counters in Redis; one node (or any node while Redis is down) counts in
  // memory.
  const Store = resilientStoreClass(redis);
  // The routes with a limit of their own (log-in, captcha, SMS: `config.rateLimit`) are counted by the plugin.
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: WINDOW_MS,
    allowList: (req) => !isCounted(req.routeOptions.url),
    errorResponseBuilder: () => new AppError(429, ErrorCode.rateLimited),
    store: Store,
  });
  // Every other API route spends the global per-IP budget. It is for API calls: the SPA and its hashed assets
  // (about 20 requests a page load) and the orchestrator's health probes are not counted.
  registerApiBudget(app, {
    store: new Store({}),
    max: config.rateLimitPerMinute,
    windowMs: WINDOW_MS,
    counted: isCounted,
  });
}
