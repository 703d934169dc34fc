import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { SearchLog, type SearchRecord } from './search-log.ts';

type Row = SearchRecord;

/** A context whose database stores rows in memory and refuses them as `refuse` says. */
function fakeContext(refuse: (rows: Row[]) => { code: string } | null) {
  const stored: string[] = [];
  const warnings: unknown[] = [];
  const inserts: number[] = [];
  const db = {
    insert: () => ({
      values: (v: Row | Row[]) => ({
        onConflictDoNothing: async () => {
          const rows = Array.isArray(v) ? v : [v];
          inserts.push(rows.length);
          const err = refuse(rows);
          if (err) throw Object.assign(new Error('refused'), { cause: err });
          stored.push(...rows.map((r) => r.keyword));
        },
      }),
    }),
  };
  const ctx = {
    db: { db },
    logger: { warn: (...a: unknown[]) => warnings.push(a) },
  } as unknown as AppContext;
  return { ctx, stored, warnings, inserts };
}

const at = new Date('2026-11-24T00:00:00Z');
const search = (keyword: string, visitor = 'v1'): Row => ({
  keyword,
  day: '2026-11-24',
  visitor,
  searchedAt: at,
});

describe('SearchLog', () => {
  it('writes a batch in one INSERT when flushed', async () => {
    const f = fakeContext(() => null);
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'b', 'c']) log.record(search(k));
    expect(f.stored).toEqual([]);
    await log.flush();
    expect(f.stored).toEqual(['a', 'b', 'c']);
    expect(f.inserts).toEqual([3]);
  });

  it('a value the database refuses (class 22) costs only its own record', async () => {
    const f = fakeContext((rows) => (rows.some((r) => r.keyword === 'bad') ? { code: '22021' } : null));
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'bad', 'c']) log.record(search(k));
    await log.flush();
    expect(f.stored).toEqual(['a', 'c']);
    expect(f.warnings).toHaveLength(1);
  });

  it('an unreachable database is logged once, not retried record by record', async () => {
    const f = fakeContext(() => ({ code: 'ECONNREFUSED' }));
    const log = new SearchLog(f.ctx);
    for (const k of ['a', 'b', 'c']) log.record(search(k));
    await log.flush();
    expect(f.inserts).toEqual([3]);
    expect(f.stored).toEqual([]);
    expect(f.warnings).toHaveLength(1);
  });

  it('a visitor searching a keyword again the same day is one record; another visitor is another', async () => {
    const f = fakeContext(() => null);
    const log = new SearchLog(f.ctx);
    for (let i = 0; i < 40; i++) log.record(search('scam', 'v1'));
    log.record(search('scam', 'v2'));
    log.record({ ...search('scam', 'v1'), day: '2026-11-25' });
    await log.flush();
    expect(f.inserts).toEqual([3]);
  });

  it('writes by itself once the batch is full', async () => {
    const f = fakeContext(() => null);
    const log = new SearchLog(f.ctx);
    for (let i = 0; i < 100; i++) log.record(search(`k${i}`));
    await log.flush(); // nothing left: the 100th record started the write
    expect(f.inserts).toEqual([100]);
  });
});
