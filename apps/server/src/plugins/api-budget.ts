import { ErrorCode } from '@dossier/contract';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from './errors.ts';
import { hookList } from './route-hooks.ts';

/**
 * The global per-IP API budget: every counted route (`counted(route.url)`, decided once per route when it is
 * registered, on the path the router matches, never on the raw URL) that sets no limit of its own
 * (`config.rateLimit`, which @fastify/rate-limit counts). It answers what the plugin answered — the same
 * counters (`store`, the plugin's own class), the same key (the client address, an IPv6 one by its /64), the
 * same headers and 429 — without the plugin's promises: on a small authenticated read the plugin's awaits were
 * about a seventh of the request's cost (decision 0046).
 */
export function registerApiBudget(
  app: FastifyInstance,
  opts: { store: FastifyRateLimitStore; max: number; windowMs: number; counted: (url: string) => boolean },
): void {
  const hook = budgetHook(opts.store, opts.max, opts.windowMs);
  app.addHook('onRoute', (route) => {
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit != null) return;
    if (!opts.counted(route.url)) return;
    // Last among the route's onRequest hooks, where the plugin put its own.
    route.onRequest = [...hookList(route.onRequest), hook];
  });
}

/** The client's key: an IPv4 address as it is; an IPv6 one as the plugin keys it (its /64). */
const clientKey = (ip: string): string => (ip.includes(':') ? normalizeIP(ip) : ip);

function budgetHook(store: FastifyRateLimitStore, max: number, windowMs: number): onRequestHookHandler {
  const limit = String(max);
  return (req, reply, done) => {
    store.incr(
      clientKey(req.ip),
      (err, res) => {
        // The store answers from memory when Redis fails (rate-limit-store.ts): no error reaches here.
        if (err || !res) {
          done(err ?? new Error('rate-limit store answered nothing'));
          return;
        }
        const reset = String(Math.ceil(res.ttl / 1000));
        reply.header('x-ratelimit-limit', limit);
        reply.header('x-ratelimit-remaining', String(Math.max(0, max - res.current)));
        reply.header('x-ratelimit-reset', reset);
        if (res.current <= max) {
          done();
          return;
        }
        reply.header('retry-after', reset);
        done(new AppError(429, ErrorCode.rateLimited));
      },
      windowMs,
      max,
    );
  };
}
