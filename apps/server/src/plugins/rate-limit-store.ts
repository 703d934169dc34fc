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

/** INCRBY ARGV[2] with the window set on the first hit; answers the count and the window's remaining ms. */
const INCR_LUA = `
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
if c == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
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
  batched: Map<string, BatchedKey>;
}

type RedisWithIncr = RedisHandle['client'] & {
  dossierRateLimit(key: string, windowMs: number, by: number): Promise<[number, number]>;
};

/**
 * Limits of at least this many calls a window are counted in batches: the process answers from its own count
 * on top of the last shared total, and adds its calls to Redis every `batchOf(max)` calls or every
 * BATCH_MS, whichever comes first. A request then costs no Redis round trip (bench:api (b)); the price is
 * that the processes together may let through up to one batch each beyond the limit (at most 5 % of it).
 * Smaller limits (log-in, captcha, SMS) are counted exactly, one Redis call a request.
 */
const BATCHED_FROM = 200;
const BATCH_MS = 250;
const batchOf = (max: number) => (max >= BATCHED_FROM ? Math.min(50, Math.floor(max / 20)) : 1);

/** One batched key: the shared total last read, the calls counted here since, the window's end. */
interface BatchedKey {
  shared: number;
  pending: number;
  resetAt: number;
  lastSync: number;
  inFlight: boolean;
}

class ResilientStore implements FastifyRateLimitStore {
  constructor(
    readonly shared: Shared,
    readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max?: number): void {
    const full = this.prefix + key;
    const { redis } = this.shared;
    if (!redis || Date.now() < this.shared.skipRedisUntil) {
      cb(null, this.shared.local.incr(full, timeWindow));
      return;
    }
    const batch = batchOf(max ?? 0);
    if (batch > 1) {
      cb(null, this.incrBatched(redis, full, timeWindow, batch));
      return;
    }
    (redis.client as RedisWithIncr).dossierRateLimit(full, timeWindow, 1).then(
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

  private incrBatched(redis: RedisHandle, full: string, timeWindow: number, batch: number): Result {
    const now = Date.now();
    const { batched } = this.shared;
    let k = batched.get(full);
    if (!k || k.resetAt <= now) {
      batched.delete(full);
      if (batched.size >= LOCAL_MAX_KEYS) {
        const oldest = batched.keys().next().value;
        if (oldest !== undefined) batched.delete(oldest);
      }
      // lastSync 0: the first call of a window goes to Redis at once, to learn the shared total.
      k = { shared: 0, pending: 0, resetAt: now + timeWindow, lastSync: 0, inFlight: false };
      batched.set(full, k);
    }
    k.pending++;
    // Keep counting in memory as well: it answers while Redis is away (see incr).
    this.shared.local.incr(full, timeWindow, now);
    if (!k.inFlight && (k.pending >= batch || now - k.lastSync >= BATCH_MS)) {
      const entry = k;
      const sent = entry.pending;
      entry.pending = 0;
      entry.shared += sent;
      entry.inFlight = true;
      (redis.client as RedisWithIncr).dossierRateLimit(full, timeWindow, sent).then(
        ([total, ttl]) => {
          redis.report(true);
          entry.shared = total;
          entry.resetAt = Date.now() + ttl;
          entry.lastSync = Date.now();
          entry.inFlight = false;
        },
        (err: unknown) => {
          redis.report(false, err);
          this.shared.skipRedisUntil = Date.now() + RETRY_AFTER_MS;
          entry.pending += sent;
          entry.shared -= sent;
          entry.lastSync = Date.now();
          entry.inFlight = false;
        },
      );
    }
    return { current: k.shared + k.pending, ttl: Math.max(0, k.resetAt - now) };
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
  const shared: Shared = { redis, local: new LocalCounters(), skipRedisUntil: 0, batched: new Map() };
  return class extends ResilientStore {
    constructor() {
      super(shared, `${PREFIX}global-`);
    }
  };
}
