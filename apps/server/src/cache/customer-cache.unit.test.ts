import { describe, expect, it } from 'vitest';
import { COUNT_MAX_AGE_MS, InProcessCustomerCache, QUIET_MS, SESSION_MAX_AGE_MS } from './customer-cache.ts';

function cacheAt(enabled = true) {
  const time = { now: 1_000_000 };
  const published: number[] = [];
  const cache = new InProcessCustomerCache(
    {
      enabled,
      publish: async (id) => {
        published.push(id);
      },
    },
    () => time.now,
  );
  return { cache, time, published };
}

describe('customer cache', () => {
  it('keeps a live session and an unread count until the customer changes, and tells the other processes', async () => {
    const { cache, time, published } = cacheAt();
    const t = cache.now();
    cache.rememberSession('s1', 7, t);
    cache.rememberSession('s2', 8, t);
    cache.rememberUnreadCount(7, 3, t);
    time.now += 10;
    expect(cache.liveSession('s1')).toBe(7);
    expect(cache.unreadCount(7)).toBe(3);
    await cache.forget(7);
    expect(published).toEqual([7]);
    expect(cache.liveSession('s1')).toBeUndefined();
    expect(cache.unreadCount(7)).toBeUndefined();
    // Another customer's entries stay.
    expect(cache.liveSession('s2')).toBe(8);
  });

  it('does not keep a read that started before a change, nor any read during the quiet time after it', () => {
    const { cache, time } = cacheAt();
    const before = cache.now();
    time.now += 5;
    cache.forgetHere(7);
    time.now += 5;
    // The read began before the change (it may have seen the state before the transaction).
    cache.rememberSession('s1', 7, before);
    expect(cache.liveSession('s1')).toBeUndefined();
    // A read during the quiet time may still race an open transaction.
    cache.rememberUnreadCount(7, 1, cache.now());
    expect(cache.unreadCount(7)).toBeUndefined();
    time.now += QUIET_MS;
    cache.rememberUnreadCount(7, 2, cache.now());
    expect(cache.unreadCount(7)).toBe(2);
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
