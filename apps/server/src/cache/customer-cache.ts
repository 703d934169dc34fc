import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisHandle } from '../providers/redis/redis.ts';

/**
 * What every authenticated request used to ask PostgreSQL: is this session live, and (the header badge,
 * polled) how many notifications are unread. Both answers are kept in this process until something about the
 * customer changes (decision 0040):
 *
 * - a change (a session ended, the account scheduled for deletion, a notification written, read or deleted)
 *   calls `forget(customerId)`: the customer's entries go, here at once and in every other process through
 *   Redis pub/sub;
 * - for `QUIET_MS` after a change nothing of that customer is cached, so a read that raced a still-open
 *   transaction (and saw the state before it) is never kept once the transaction commits;
 * - entries are dropped after a maximum age whatever happens (a change made by hand in SQL, a change whose
 *   message Redis lost): a minute for sessions, five for unread counts.
 *
 * Caching is on only where every writer can reach this process: the embedded database (one process holds its
 * data directory), or while this process is subscribed to the shared Redis. With PostgreSQL and no Redis (or
 * while Redis is away) every read goes to the database, as before.
 */
export interface CustomerCache {
  /** The customer of a session known to be live, or undefined (not cached: ask the database). */
  liveSession(sessionId: string): number | undefined;
  rememberSession(sessionId: string, customerId: number, readStartedAt: number): void;
  unreadCount(customerId: number): number | undefined;
  rememberUnreadCount(customerId: number, count: number, readStartedAt: number): void;
  /**
   * Something about the customer changed: here at once; resolves once Redis has passed it to every other
   * process (or failed to: never rejects), so an answer sent after it is not contradicted elsewhere.
   */
  forget(customerId: number): Promise<void>;
  /** A timestamp to pass to remember*: taken before the database read. */
  now(): number;
  close(): Promise<void>;
}

const CHANNEL = 'dossier:customer-changed';
/** Longer than any transaction that ends a session or writes a notification. */
export const QUIET_MS = 30_000;
export const SESSION_MAX_AGE_MS = 60_000;
export const COUNT_MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

interface Entry<T> {
  value: T;
  customerId: number;
  at: number;
}

export class InProcessCustomerCache implements CustomerCache {
  private readonly sessions = new Map<string, Entry<number>>();
  private readonly counts = new Map<number, Entry<number>>();
  /** customerId → when its last change was seen (entries read before it, or within QUIET_MS, are not kept). */
  private readonly changed = new Map<number, number>();
  enabled: boolean;

  constructor(
    opts: { enabled: boolean; publish?: (customerId: number) => Promise<void> },
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.enabled = opts.enabled;
    this.publish = opts.publish ?? (async () => {});
  }

  private readonly publish: (customerId: number) => Promise<void>;

  now(): number {
    return this.clock();
  }

  liveSession(sessionId: string): number | undefined {
    return this.fresh(this.sessions, sessionId, SESSION_MAX_AGE_MS);
  }

  rememberSession(sessionId: string, customerId: number, readStartedAt: number): void {
    this.keep(this.sessions, sessionId, customerId, customerId, readStartedAt);
  }

  unreadCount(customerId: number): number | undefined {
    return this.fresh(this.counts, customerId, COUNT_MAX_AGE_MS);
  }

  rememberUnreadCount(customerId: number, count: number, readStartedAt: number): void {
    this.keep(this.counts, customerId, count, customerId, readStartedAt);
  }

  forget(customerId: number): Promise<void> {
    this.forgetHere(customerId);
    return this.publish(customerId);
  }

  /** A change announced by another process (or this one). Sessions kept before it are dropped when next read. */
  forgetHere(customerId: number): void {
    const now = this.clock();
    // A change is remembered as long as an entry it makes stale could still be served.
    if (this.changed.size >= MAX_ENTRIES) {
      for (const [id, at] of this.changed) if (now - at > COUNT_MAX_AGE_MS) this.changed.delete(id);
    }
    this.changed.set(customerId, now);
    this.counts.delete(customerId);
  }

  /** Everything goes (Redis lost: changes elsewhere may be missed from now on). */
  clear(): void {
    this.sessions.clear();
    this.counts.clear();
  }

  async close(): Promise<void> {
    this.enabled = false;
    this.clear();
  }

  private fresh<K>(map: Map<K, Entry<number>>, key: K, maxAgeMs: number): number | undefined {
    if (!this.enabled) return undefined;
    const e = map.get(key);
    if (!e) return undefined;
    const change = this.changed.get(e.customerId);
    if (this.clock() - e.at > maxAgeMs || (change !== undefined && change >= e.at)) {
      map.delete(key);
      return undefined;
    }
    return e.value;
  }

  private keep<K>(
    map: Map<K, Entry<number>>,
    key: K,
    value: number,
    customerId: number,
    readStartedAt: number,
  ) {
    if (!this.enabled) return;
    const change = this.changed.get(customerId);
    const now = this.clock();
    if (change !== undefined && (readStartedAt <= change || now - change < QUIET_MS)) return;
    if (map.size >= MAX_ENTRIES) {
      // The oldest insertion goes first (a Map iterates in insertion order).
      const first = map.keys().next();
      if (!first.done) map.delete(first.value);
    }
    map.set(key, { value, customerId, at: now });
  }
}

/**
 * The cache of this process. Embedded database: on, local only. PostgreSQL with Redis: on while subscribed to
 * the change channel (a second connection), off and emptied while it is not. PostgreSQL without Redis: off.
 */
export async function createCustomerCache(opts: {
  embedded: boolean;
  redis: RedisHandle | null;
  logger: FastifyBaseLogger;
}): Promise<CustomerCache> {
  if (!opts.redis) return new InProcessCustomerCache({ enabled: opts.embedded });
  const publisher = opts.redis;
  const cache = new InProcessCustomerCache({
    enabled: false,
    publish: (customerId) =>
      publisher.client.publish(CHANNEL, String(customerId)).then(
        () => undefined,
        (err: unknown) => publisher.report(false, err),
      ),
  });
  const subscriber: Redis = publisher.client.duplicate({ enableOfflineQueue: true });
  const off = () => {
    if (cache.enabled) opts.logger.warn('customer cache off: not subscribed to Redis');
    cache.enabled = false;
    cache.clear();
  };
  subscriber.on('error', off);
  subscriber.on('close', off);
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        cache.clear();
        cache.enabled = true;
      },
      () => off(),
    );
  });
  subscriber.on('message', (_channel: string, message: string) => {
    const id = Number(message);
    if (Number.isSafeInteger(id)) cache.forgetHere(id);
  });
  return {
    liveSession: (s) => cache.liveSession(s),
    rememberSession: (s, c, t) => cache.rememberSession(s, c, t),
    unreadCount: (c) => cache.unreadCount(c),
    rememberUnreadCount: (c, n, t) => cache.rememberUnreadCount(c, n, t),
    forget: (c) => cache.forget(c),
    now: () => cache.now(),
    async close() {
      await cache.close();
      subscriber.disconnect();
    },
  };
}
