import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisHandle } from '../providers/redis/redis.ts';

/**
 * What every authenticated request used to ask PostgreSQL: is this session live, and (the header badge,
 * polled) how many notifications are unread. Both answers are kept in this process until they change
 * (decision 0040):
 *
 * - ending sessions (logout, refresh-token theft, a phone change, account deletion) calls
 *   `forgetSessions(customerId)` once the change is committed; a read that started before it is not kept;
 * - writing, reading or deleting a notification calls `forgetUnreadCount(customerId)`. `notify` runs inside
 *   the transaction of the change it reports, so this can come before the commit: for `COUNT_QUIET_MS` after
 *   it the customer's count is not kept either, so a read that saw the state before the commit is not kept;
 * - either takes effect here at once and in every other process through Redis pub/sub, and resolves once Redis
 *   has taken the message, so an answer sent after it is not contradicted by another process;
 * - entries are dropped after a maximum age whatever happens (a change made by hand in SQL, a message Redis
 *   lost): a minute for sessions, five for unread counts.
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
  /** Sessions of the customer ended (call it after the commit). Never rejects. */
  forgetSessions(customerId: number): Promise<void>;
  /** The customer's notifications changed (may be called inside the transaction). Never rejects. */
  forgetUnreadCount(customerId: number): Promise<void>;
  /** A timestamp to pass to remember*: taken before the database read. */
  now(): number;
  close(): Promise<void>;
}

export type Change = 'sessions' | 'count';

const CHANNEL = 'dossier:customer-changed';
/** Longer than a transaction that writes a notification takes to commit. */
export const COUNT_QUIET_MS = 5_000;
export const SESSION_MAX_AGE_MS = 60_000;
export const COUNT_MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  value: number;
  customerId: number;
  at: number;
}

/** One kind of entry: its values and, per customer, when it last changed. */
class Shelf<K> {
  readonly entries = new Map<K, Entry>();
  /** customerId → the last change seen (entries kept before it are stale; reads begun before it are not kept). */
  readonly changed = new Map<number, number>();

  constructor(
    readonly maxAgeMs: number,
    readonly quietMs: number,
  ) {}

  get(key: K, now: number): number | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const change = this.changed.get(e.customerId);
    if (now - e.at > this.maxAgeMs || (change !== undefined && change >= e.at)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  keep(key: K, value: number, customerId: number, readStartedAt: number, now: number): void {
    const change = this.changed.get(customerId);
    if (change !== undefined && (readStartedAt <= change || now - change < this.quietMs)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // The oldest insertion goes first (a Map iterates in insertion order).
      const first = this.entries.keys().next();
      if (!first.done) this.entries.delete(first.value);
    }
    this.entries.set(key, { value, customerId, at: now });
  }

  change(customerId: number, now: number): void {
    // A change is remembered as long as an entry it makes stale could still be served.
    if (this.changed.size >= MAX_ENTRIES) {
      for (const [id, at] of this.changed) if (now - at > this.maxAgeMs) this.changed.delete(id);
    }
    this.changed.set(customerId, now);
  }
}

export class InProcessCustomerCache implements CustomerCache {
  private readonly sessions = new Shelf<string>(SESSION_MAX_AGE_MS, 0);
  private readonly counts = new Shelf<number>(COUNT_MAX_AGE_MS, COUNT_QUIET_MS);
  enabled: boolean;
  private readonly publish: (change: Change, customerId: number) => Promise<void>;
  /** Whatever else closes with the cache (the Redis subscription). */
  onClose: () => void = () => {};

  constructor(
    opts: { enabled: boolean; publish?: (change: Change, customerId: number) => Promise<void> },
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.enabled = opts.enabled;
    this.publish = opts.publish ?? (async () => {});
  }

  now(): number {
    return this.clock();
  }

  liveSession(sessionId: string): number | undefined {
    return this.enabled ? this.sessions.get(sessionId, this.clock()) : undefined;
  }

  rememberSession(sessionId: string, customerId: number, readStartedAt: number): void {
    if (this.enabled) this.sessions.keep(sessionId, customerId, customerId, readStartedAt, this.clock());
  }

  unreadCount(customerId: number): number | undefined {
    return this.enabled ? this.counts.get(customerId, this.clock()) : undefined;
  }

  rememberUnreadCount(customerId: number, count: number, readStartedAt: number): void {
    if (this.enabled) this.counts.keep(customerId, count, customerId, readStartedAt, this.clock());
  }

  forgetSessions(customerId: number): Promise<void> {
    this.forgetHere('sessions', customerId);
    return this.publish('sessions', customerId);
  }

  forgetUnreadCount(customerId: number): Promise<void> {
    this.forgetHere('count', customerId);
    return this.publish('count', customerId);
  }

  /** A change announced by another process (or this one). */
  forgetHere(change: Change, customerId: number): void {
    const now = this.clock();
    if (change === 'sessions') this.sessions.change(customerId, now);
    else {
      this.counts.change(customerId, now);
      this.counts.entries.delete(customerId);
    }
  }

  /** Everything goes (Redis lost: changes elsewhere may be missed from now on). */
  clear(): void {
    this.sessions.entries.clear();
    this.counts.entries.clear();
  }

  async close(): Promise<void> {
    this.enabled = false;
    this.clear();
    this.onClose();
  }
}

/** `s:42` (sessions of customer 42 ended) or `c:42` (its notifications changed). */
const encode = (change: Change, customerId: number) => `${change === 'sessions' ? 's' : 'c'}:${customerId}`;

function decode(message: string): { change: Change; customerId: number } | null {
  const m = /^([sc]):(\d+)$/.exec(message);
  if (!m) return null;
  const customerId = Number(m[2]);
  if (!Number.isSafeInteger(customerId)) return null;
  return { change: m[1] === 's' ? 'sessions' : 'count', customerId };
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
    publish: (change, customerId) =>
      publisher.client.publish(CHANNEL, encode(change, customerId)).then(
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
    const m = decode(message);
    if (m) cache.forgetHere(m.change, m.customerId);
  });
  cache.onClose = () => subscriber.disconnect();
  return cache;
}
