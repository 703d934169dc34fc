import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { SearchLog } from './search-log.ts';

type Row = { keyword: string; searchedAt: Date };

/** A context whose database stores rows in memory and refuses them as `refuse` says. */
function fakeContext(refuse: (rows: Row[]) => { code: string } | null) {
  const stored: string[] = [];
  const warnings: unknown[] = [];
  const inserts: number[] = [];
  const db = {
    insert: () => ({
      values: async (v: Row | Row[]) => {
        const rows = Array.isArray(v) ? v : [v];
        inserts.push(rows.length);
        const err = refuse(rows);
        if (err) throw Object.assign(new Error('refused'), { cause: err });
        stored.push(...rows.map((r) => r.keyword));
      },
    }),
  };
  const ctx = {
    db: { db },
    logger: { warn: (...a: unknown[]) => warnings.push(a) },
  } as unknown as AppContext;
  return { ctx, stored, warnings, inserts };
}

const at = new Date('2026-11-24T00:00:00Z');

describe('SearchLog', () => {
  it('writes a batch in one INSERT when flushed', async () => {
    const f = fakeContext(() => null);
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'b', 'c']) log.record(k, at);
    expect(f.stored).toEqual([]);
    await log.flush();
    expect(f.stored).toEqual(['a', 'b', 'c']);
    expect(f.inserts).toEqual([3]);
  });

  it('a value the database refuses (class 22) costs only its own record', async () => {
    const f = fakeContext((rows) => (rows.some((r) => r.keyword === 'bad') ? { code: '22021' } : null));
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'bad', 'c']) log.record(k, at);
    await log.flush();
    expect(f.stored).toEqual(['a', 'c']);
    expect(f.warnings).toHaveLength(1);
  });

  it('an unreachable database is logged once, not retried record by record', async () => {
    const f = fakeContext(() => ({ code: 'ECONNREFUSED' }));
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'b', 'c']) log.record(k, at);
    await log.flush();
    expect(f.inserts).toEqual([3]);
    expect(f.stored).toEqual([]);
    expect(f.warnings).toHaveLength(1);
  });

  it('writes by itself once the batch is full', async () => {
    const f = fakeContext(() => null);
    const log = new SearchLog(f.ctx);
    for (let i = 0; i < 100; i++) log.record(`k${i}`, at);
    await log.flush(); // nothing left: the 100th record started the write
    expect(f.inserts).toEqual([100]);
  });
});
