import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qa, qaSearch } from '../src/db/schema/index.ts';
import { QA_CATEGORIES, QA_ITEMS } from '../src/db/seed/qa.data.ts';
import { purgeOldSearches } from '../src/modules/qa/qa.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

type Item = { id: number; category_id: number | null; question: string; answer: string; created_at: string };
const get = (url: string, lang = 'zh') => t.app.inject({ url, headers: { Language: lang } });
const search = async (query: Record<string, string | number>, lang = 'zh') => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const r = await get(`/api/customer/qa/?${qs}`, lang);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { count: number; results: Item[] };
};
const seeded = (key: string) => QA_ITEMS.find((q) => q.key === key)!;

describe('Q&A zone', () => {
  it('lists the seeded categories in the caller language', async () => {
    const zh = (await get('/api/customer/qa_category/')).json() as { id: number; name: string }[];
    const en = (await get('/api/customer/qa_category/', 'en')).json() as { id: number; name: string }[];
    // Only the seeded ones: on PostgreSQL the staff Q&A suite adds (and removes) a category of its own meanwhile.
    const isSeeded = (name: string) => QA_CATEGORIES.some((c) => c.name_zh === name || c.name_en === name);
    expect(zh.map((c) => c.name).filter(isSeeded)).toEqual(QA_CATEGORIES.map((c) => c.name_zh));
    expect(en.map((c) => c.name).filter(isSeeded)).toEqual(QA_CATEGORIES.map((c) => c.name_en));
    expect(en.map((c) => c.id)).toEqual(zh.map((c) => c.id));
  });

  it('pages through the published questions; a detail answers in the caller language', async () => {
    const all = await search({ size: 50 });
    // Seeded rows only: on PostgreSQL the staff Q&A suite publishes (and removes) a question of its own meanwhile.
    const seededIds = new Set(
      (await t.ctx.db.db.select({ id: qa.id, key: qa.seedKey }).from(qa))
        .filter((r) => r.key)
        .map((r) => r.id),
    );
    expect(all.results.filter((q) => seededIds.has(q.id))).toHaveLength(QA_ITEMS.length);
    expect(all.count).toBeGreaterThanOrEqual(30);
    const page2 = await search({ page: 2, size: 5 });
    expect(page2.results.map((q) => q.id)).toEqual(all.results.slice(5, 10).map((q) => q.id));
    // Every page carries the same total, a page past the end too (it has no row to carry it).
    expect(page2.count).toBe(all.count);
    const past = await search({ page: 999, size: 50 });
    expect(past).toEqual({ count: all.count, results: [] });
    expect(await search({ keyword: 'no-such-words-here' })).toEqual({ count: 0, results: [] });
    const first = all.results[0]!;
    const en = (await get(`/api/customer/qa/${first.id}/`, 'en')).json() as Item;
    expect(en.question).toBe(QA_ITEMS[0]!.question_en);
    expect((await get(`/api/customer/qa/${first.id}/`)).json().question).toBe(QA_ITEMS[0]!.question_zh);
    expect((await get('/api/customer/qa/999999999/')).statusCode).toBe(404);
    expect((await get('/api/customer/qa/?size=51')).statusCode).toBe(400);
    expect((await get(`/api/customer/qa/?keyword=${'a'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('finds a question by a Chinese keyword (zh) and by an English keyword (en), in question or answer', async () => {
    const zh = await search({ keyword: '推荐信', size: 50 });
    expect(zh.results.map((q) => q.question)).toContain(seeded('evidence.letters-count').question_zh);
    for (const q of zh.results) expect(`${q.question}${q.answer}`).toContain('推荐信');

    const en = await search({ keyword: 'DHANASAR', size: 50 }, 'en');
    expect(en.results.map((q) => q.question)).toContain(seeded('niw.dhanasar').question_en);
    for (const q of en.results) expect(`${q.question}${q.answer}`.toLowerCase()).toContain('dhanasar');

    // Found through the answer only.
    const byAnswer = await search({ keyword: '2,965' }, 'en');
    expect(byAnswer.results.map((q) => q.question)).toEqual([seeded('filing.premium').question_en]);
    // The caller's language is searched: an English word is not in the Chinese text of that question.
    expect((await search({ keyword: 'Kazarian' })).results.map((q) => q.question)).toContain(
      seeded('eb1a.kazarian').question_zh,
    );
    expect((await search({ keyword: '推荐信' }, 'en')).count).toBe(0);
  });

  it('filters by category, alone and with a keyword', async () => {
    // By name, not position: suites sharing the run's PostgreSQL database add categories of their own.
    const cats = (await get('/api/customer/qa_category/', 'en')).json() as { id: number; name: string }[];
    const niwName = QA_CATEGORIES.find((c) => c.key === 'niw')!.name_en;
    const niwId = cats.find((c) => c.name === niwName)!.id;
    const niw = await search({ category_id: niwId, size: 50 }, 'en');
    expect(niw.count).toBe(QA_ITEMS.filter((q) => q.category === 'niw').length);
    expect(niw.results.every((q) => q.category_id === niwId)).toBe(true);
    const niwFee = await search({ category_id: niwId, keyword: '$715' }, 'en');
    expect(niwFee.count).toBe(0);
  });

  it('takes % and _ literally', async () => {
    expect((await search({ keyword: '%' }, 'en')).count).toBe(0);
    expect((await search({ keyword: '_' }, 'en')).count).toBe(0);
    expect((await search({ keyword: 'e%b' }, 'en')).count).toBe(0);
    // "15 business days" contains no underscore; with _ as a wildcard "15_business" would match it.
    expect((await search({ keyword: '15_business' }, 'en')).count).toBe(0);
    expect((await search({ keyword: '15 business' }, 'en')).count).toBeGreaterThan(0);
  });

  it('ranks hot keywords by recent searches, normalised', async () => {
    for (const k of ['  I-140  Fee ', 'i-140 fee', 'I-140 FEE']) await search({ keyword: k }, 'en');
    await search({ keyword: 'NOID' }, 'en');
    await search({ keyword: 'noid', page: 2 }, 'en'); // later pages are not new searches
    const hot = (await get('/api/customer/qa/hot_keywords/')).json() as { keyword: string; count: number }[];
    const fee = hot.findIndex((h) => h.keyword === 'i-140 fee');
    const noid = hot.findIndex((h) => h.keyword === 'noid');
    expect(hot[fee]).toEqual({ keyword: 'i-140 fee', count: 3 });
    expect(hot[noid]).toEqual({ keyword: 'noid', count: 1 });
    expect(fee).toBeLessThan(noid);
    expect(hot.length).toBeLessThanOrEqual(10);

    // Searches older than 30 days no longer count.
    t.clock.advance(31 * 86_400_000);
    const later = (await get('/api/customer/qa/hot_keywords/')).json() as { keyword: string }[];
    expect(later.map((h) => h.keyword)).not.toContain('i-140 fee');
  });

  it('writes searches in batches: stored within half a second without any reader, and before the app closes', async () => {
    const stored = async (keyword: string) =>
      (await t.ctx.db.db.select({ id: qaSearch.id }).from(qaSearch).where(eq(qaSearch.keyword, keyword)))
        .length;
    const word = `batch-${Date.now()}`;
    await search({ keyword: word }, 'en');
    await search({ keyword: word }, 'en');
    await new Promise((r) => setTimeout(r, 900));
    expect(await stored(word)).toBe(2);
    // A second app on the same database: what it records is written when it closes, however soon.
    const other = await buildTestApp({ config: accountsTestConfig, db: t.ctx.db });
    const late = `closing-${Date.now()}`;
    await other.app.inject({ url: `/api/customer/qa/?keyword=${late}`, headers: { Language: 'en' } });
    expect(await stored(late)).toBe(0);
    await other.app.close();
    expect(await stored(late)).toBe(1);
    await other.ctx.customerCache?.close();
    await other.ctx.redis?.close();
  });

  it('asking needs a login, refuses a blank question, stores it unpublished', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/customer/qa/',
      headers: { Language: 'en' },
      payload: { question: 'How long does it take?' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ code: 'unauthorized', msg: 'Please log in first' });

    const me = await login(t);
    for (const [lang, msg] of [
      ['en', 'This cannot be left blank.'],
      ['zh', '不能为空！'],
    ] as const) {
      for (const payload of [{ question: '   ' }, { question: '' }, {}]) {
        const blank = await t.app.inject({
          method: 'POST',
          url: '/api/customer/qa/',
          headers: { ...me.auth, Language: lang },
          payload,
        });
        expect(blank.statusCode).toBe(400);
        expect(blank.json()).toEqual({ code: 'blank', msg });
      }
    }
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/customer/qa/',
      headers: me.auth,
      payload: { question: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/customer/qa/',
      headers: { ...me.auth, Language: 'en' },
      payload: { question: '  Can my spouse be included in my NIW petition?  ' },
    });
    expect(ok.statusCode).toBe(201);
    const { id, msg } = ok.json();
    expect(msg).toBe('Your question has been submitted. We will answer it as soon as possible.');
    const [row] = await t.ctx.db.db.select().from(qa).where(eq(qa.id, id));
    expect(row).toMatchObject({
      customerId: me.customerId,
      questionEn: 'Can my spouse be included in my NIW petition?',
      questionZh: null,
      published: false,
    });
    // Unpublished: neither listed nor readable.
    expect((await get(`/api/customer/qa/${id}/`)).statusCode).toBe(404);
    expect((await search({ keyword: 'spouse be included' }, 'en')).count).toBe(0);
  });

  it('takes suggestions from visitors and customers; blank is refused', async () => {
    for (const [lang, msg] of [
      ['en', 'This cannot be left blank.'],
      ['zh', '不能为空！'],
    ] as const) {
      const blank = await t.app.inject({
        method: 'POST',
        url: '/api/customer/advice/',
        headers: { Language: lang },
        payload: { content: ' \n ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ code: 'blank', msg });
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/customer/advice/',
      headers: { Language: 'en' },
      payload: { content: 'Please add more NIW examples.' },
    });
    expect(visitor.statusCode).toBe(201);
    expect(visitor.json()).toEqual({ msg: 'Submit successfully. Thanks for your feedback.' });
    const me = await login(t);
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/customer/advice/',
      headers: me.auth,
      payload: { content: '希望增加更多 EB-1A 案例' },
    });
    expect(customer.statusCode).toBe(201);
    expect(customer.json()).toEqual({ msg: '提交成功，感谢您的反馈。' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/customer/advice/',
      headers: { authorization: 'Bearer nonsense' },
      payload: { content: 'x' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('Q&A purge', () => {
  it('drops searches older than the hot-keyword window and keeps recent ones', async () => {
    await search({ keyword: 'purge me' }, 'en');
    await purgeOldSearches.run(t.ctx, t.clock.now());
    const hot = async () =>
      ((await get('/api/customer/qa/hot_keywords/')).json() as { keyword: string }[]).map((h) => h.keyword);
    expect(await hot()).toContain('purge me');
    const later = new Date(t.clock.now().getTime() + 31 * 86_400_000);
    expect(await purgeOldSearches.run(t.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await hot()).not.toContain('purge me');
  });
});
