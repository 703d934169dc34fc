import { describe, expect, it } from 'vitest';
import {
  type Change,
  COUNT_MAX_AGE_MS,
  COUNT_QUIET_MS,
  InProcessCustomerCache,
  SESSION_MAX_AGE_MS,
} from './customer-cache.ts';

function cacheAt(enabled = true) {
  const time = { now: 1_000_000 };
  const published: string[] = [];
  const cache = new InProcessCustomerCache(
    {
      enabled,
      publish: async (change: Change, id: number) => {
        published.push(`${change}:${id}`);
      },
    },
    () => time.now,
  );
  return { cache, time, published };
}

describe('customer cache', () => {
  it('keeps live sessions until their customer’s sessions end, and tells the other processes', async () => {
    const { cache, time, published } = cacheAt();
    cache.rememberSession('s1', 7, cache.now());
    cache.rememberSession('s2', 8, cache.now());
    time.now += 10;
    expect(cache.liveSession('s1')).toBe(7);
    // A notification does not touch sessions.
    await cache.forgetUnreadCount(7);
    expect(cache.liveSession('s1')).toBe(7);
    await cache.forgetSessions(7);
    expect(published).toEqual(['count:7', 'sessions:7']);
    expect(cache.liveSession('s1')).toBeUndefined();
    expect(cache.liveSession('s2')).toBe(8);
    // A session read after the change is kept again at once (the change was committed before it).
    time.now += 1;
    cache.rememberSession('s3', 7, cache.now());
    expect(cache.liveSession('s3')).toBe(7);
  });

  it('does not keep a session read that started before the sessions ended', () => {
    const { cache, time } = cacheAt();
    const before = cache.now();
    time.now += 5;
    cache.forgetHere('sessions', 7);
    time.now += 5;
    cache.rememberSession('s1', 7, before);
    expect(cache.liveSession('s1')).toBeUndefined();
  });

  it('keeps no unread count for a while after a notification change (its transaction may still be open)', () => {
    const { cache, time } = cacheAt();
    cache.rememberUnreadCount(7, 3, cache.now());
    expect(cache.unreadCount(7)).toBe(3);
    cache.forgetHere('count', 7);
    expect(cache.unreadCount(7)).toBeUndefined();
    time.now += 10;
    cache.rememberUnreadCount(7, 3, cache.now());
    expect(cache.unreadCount(7)).toBeUndefined();
    time.now += COUNT_QUIET_MS;
    cache.rememberUnreadCount(7, 4, cache.now());
    expect(cache.unreadCount(7)).toBe(4);
  });

  it('drops sessions after a minute and counts after five, whatever happened', () => {
    const { cache, time } = cacheAt();
    cache.rememberSession('s1', 7, cache.now());
    cache.rememberUnreadCount(7, 4, cache.now());
    time.now += SESSION_MAX_AGE_MS + 1;
    expect(cache.liveSession('s1')).toBeUndefined();
    expect(cache.unreadCount(7)).toBe(4);
    time.now += COUNT_MAX_AGE_MS;
    expect(cache.unreadCount(7)).toBeUndefined();
  });

  it('keeps nothing while off (PostgreSQL without Redis, or Redis away)', () => {
    const { cache } = cacheAt(false);
    cache.rememberSession('s1', 7, cache.now());
    cache.rememberUnreadCount(7, 1, cache.now());
    expect(cache.liveSession('s1')).toBeUndefined();
    expect(cache.unreadCount(7)).toBeUndefined();
  });
});
