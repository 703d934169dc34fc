import { describe, expect, it } from 'vitest';
import type { RedisHandle } from '../providers/redis/redis.ts';
import { resilientStoreClass } from './rate-limit-store.ts';

/** A Redis whose counter script adds what it is sent, answering the shared total (other processes included). */
function fakeRedis(othersCalls = 0) {
  const sent: number[] = [];
  let total = othersCalls;
  const client = {
    dossierRateLimit: async (_key: string, windowMs: number, by: number) => {
      sent.push(by);
      total += by;
      return [total, windowMs] as [number, number];
    },
  };
  const handle = { client, healthy: true, report() {} } as unknown as RedisHandle;
  return { handle, sent };
}

function incr(store: InstanceType<ReturnType<typeof resilientStoreClass>>, max: number) {
  return new Promise<number>((resolve, reject) =>
    store.incr('1.2.3.4', (err, res) => (err || !res ? reject(err) : resolve(res.current)), 60_000, max),
  );
}

const tick = () => new Promise((r) => setImmediate(r));

describe('rate-limit store', () => {
  it('counts a small limit exactly in Redis, one call per request', async () => {
    const { handle, sent } = fakeRedis(5);
    const Store = resilientStoreClass(handle);
    const store = new Store({});
    expect(await incr(store, 10)).toBe(6);
    expect(await incr(store, 10)).toBe(7);
    expect(sent).toEqual([1, 1]);
  });

  it('counts a large limit in batches: answers from memory, adds to Redis every batch, adopts the shared total', async () => {
    const { handle, sent } = fakeRedis(100);
    const Store = resilientStoreClass(handle);
    const store = new Store({});
    // max 600 → batches of 30; the first call opens the window (a sync after 0 ms is due at once).
    const first = await incr(store, 600);
    expect(first).toBe(1);
    await tick();
    expect(sent).toEqual([1]);
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) seen.push(await incr(store, 600));
    await tick();
    // The shared total (100 from elsewhere + 1) is adopted; the 30 calls since went to Redis as one.
    expect(seen[0]).toBe(102);
    expect(sent).toEqual([1, 30]);
    expect(await incr(store, 600)).toBe(132);
  });
});
