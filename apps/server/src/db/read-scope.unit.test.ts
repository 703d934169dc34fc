import { describe, expect, it } from 'vitest';
import { scopedRead, withReadScope } from './read-scope.ts';

describe('read scope (decision 0089)', () => {
  it('reads once per key inside a scope, every time outside one', async () => {
    let reads = 0;
    const read = () => scopedRead('k', async () => ++reads);
    expect([await read(), await read()]).toEqual([1, 2]);
    const inside = await withReadScope(async () =>
      Promise.all([read(), read(), scopedRead('other', async () => 0)]),
    );
    expect(inside).toEqual([3, 3, 0]);
    expect(reads).toBe(3);
    // A new scope reads again: nothing is kept between operations.
    expect(await withReadScope(read)).toBe(4);
  });

  it('does not keep a failed read: the next caller in the scope reads again', async () => {
    let calls = 0;
    const flaky = () =>
      scopedRead('f', async () => {
        calls++;
        if (calls === 1) throw new Error('connection reset');
        return 'rows';
      });
    const result = await withReadScope(async () => {
      await expect(flaky()).rejects.toThrow('connection reset');
      return flaky();
    });
    expect(result).toBe('rows');
    expect(calls).toBe(2);
  });

  it('keeps two scopes running at once apart', async () => {
    let n = 0;
    const read = () => scopedRead('k', async () => ++n);
    const [a, b] = await Promise.all([withReadScope(read), withReadScope(read)]);
    expect(new Set([a, b])).toEqual(new Set([1, 2]));
  });
});
