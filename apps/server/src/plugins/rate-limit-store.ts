import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisHandle } from '../providers/redis/redis.ts';

/**
 * The counter store behind @fastify/rate-limit: shared in Redis when REDIS_URL is set, in this process
 * otherwise — and in this process too while Redis is down or slow. A limit never turns into "no limit"
 * (the plugin's own skipOnError did that) and a stalled Redis never holds a request longer than one
 * REDIS_TIMEOUT_MS: after a failure Redis is left alone for RETRY_AFTER_MS before the next try.
 */

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result) => void;
/** What the plugin really passes to `child` (its typings say RouteOptions): the merged params of a route. */
type RouteParams = { routeInfo?: { method?: string; url?: string } };

const RETRY_AFTER_MS = 5000;
/** Keys one process remembers (oldest forgotten first): enough for every client of a busy node in a window. */
const LOCAL_MAX_KEYS = 50_000;
const PREFIX = 'dossier-rl:';

/** INCR with the window set on the first hit; answers the count and the window's remaining ms. */
const INCR_LUA = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/** Fixed-window counters in memory. */
export class LocalCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  incr(key: string, windowMs: number, now = Date.now()): Result {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.delete(key);
      w = { count: 0, resetAt: now + windowMs };
      if (this.windows.size >= LOCAL_MAX_KEYS) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      this.windows.set(key, w);
    }
    w.count++;
    return { current: w.count, ttl: w.resetAt - now };
  }

  read(key: string, now = Date.now()): Result {
    const w = this.windows.get(key);
    return !w || w.resetAt <= now ? { current: 0, ttl: 0 } : { current: w.count, ttl: w.resetAt - now };
  }
}

interface Shared {
  redis: RedisHandle | null;
  local: LocalCounters;
  /** While Date.now() is below this, Redis is not asked. */
  skipRedisUntil: number;
}

type RedisWithIncr = RedisHandle['client'] & {
  dossierRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

class ResilientStore implements FastifyRateLimitStore {
  constructor(
    readonly shared: Shared,
    readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    const full = this.prefix + key;
    const { redis } = this.shared;
    if (!redis || Date.now() < this.shared.skipRedisUntil) {
      cb(null, this.shared.local.incr(full, timeWindow));
      return;
    }
    (redis.client as RedisWithIncr).dossierRateLimit(full, timeWindow).then(
      ([current, ttl]) => {
        redis.report(true);
        cb(null, { current, ttl });
      },
      (err: unknown) => {
        redis.report(false, err);
        this.shared.skipRedisUntil = Date.now() + RETRY_AFTER_MS;
        cb(null, this.shared.local.incr(full, timeWindow));
      },
    );
  }

  read(key: string, cb: Callback): void {
    cb(null, this.shared.local.read(this.prefix + key));
  }

  child(options: object): ResilientStore {
    const params = options as RouteParams;
    const route = `${params.routeInfo?.method ?? ''}${params.routeInfo?.url ?? ''}`;
    return new ResilientStore(this.shared, `${PREFIX}${route}-`);
  }
}

/** The store class @fastify/rate-limit instantiates (`store` option). */
export function resilientStoreClass(redis: RedisHandle | null): FastifyRateLimitStoreCtor {
  if (redis && !('dossierRateLimit' in redis.client)) {
    redis.client.defineCommand('dossierRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  }
  const shared: Shared = { redis, local: new LocalCounters(), skipRedisUntil: 0 };
  return class extends ResilientStore {
    constructor() {
      super(shared, `${PREFIX}global-`);
    }
  };
}
