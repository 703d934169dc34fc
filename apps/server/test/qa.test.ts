import { ZHotKeywords } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qa, qaSearch } from '../src/db/schema/index.ts';
import { QA_CATEGORIES, QA_ITEMS } from '../src/db/seed/qa.data.ts';
import { purgeOldSearches } from '../src/modules/qa/qa.service.ts';
import { searchLog } from '../src/modules/qa/search-log.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  // One proxy in front (TRUST_PROXY=1): X-Forwarded-For names the client, as behind the production proxy.
  t = await buildTestApp({ config: { ...accountsTestConfig, trustProxy: 1 } });
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

/** A keyword search on the Q&A page from a client address (behind the one trusted proxy) or as a customer. */
const searchFrom = async (keyword: string, who: { ip?: string; user?: LoggedIn; page?: number } = {}) => {
  const r = await t.app.inject({
    url: `/api/customer/qa/?${new URLSearchParams({ keyword, page: String(who.page ?? 1) })}`,
    headers: {
      Language: 'en',
      ...(who.ip ? { 'x-forwarded-for': who.ip } : {}),
      ...(who.user?.auth ?? {}),
    },
  });
  expect(r.statusCode, r.body).toBe(200);
};
const hotList = async () => ZHotKeywords.parse((await get('/api/customer/qa/hot_keywords/')).json());

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

  it('ranks hot keywords by distinct visitors, normalised; only the last 30 days count', async () => {
    // Both match published Q&A (so they may be shown without review): 'labor certification' by three visitors,
    // 'national interest' by one visitor three times, in three spellings of one keyword.
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      await searchFrom('Labor Certification', { ip });
    for (const k of ['  NATIONAL   Interest ', 'national interest', 'National Interest'])
      await searchFrom(k, { ip: '198.51.100.9' });
    await searchFrom('national interest', { ip: '198.51.100.8', page: 2 }); // later pages are not new searches
    const hot = await hotList();
    const labor = hot.findIndex((h) => h.keyword === 'labor certification');
    const national = hot.findIndex((h) => h.keyword === 'national interest');
    expect(hot[labor]).toEqual({ keyword: 'labor certification', count: 3 });
    expect(hot[national]).toEqual({ keyword: 'national interest', count: 1 });
    expect(labor).toBeLessThan(national);
    expect(hot.length).toBeLessThanOrEqual(10);

    // Searches older than 30 days no longer count.
    t.clock.advance(31 * 86_400_000);
    expect((await hotList()).map((h) => h.keyword)).not.toContain('labor certification');
  });

  it('writes searches in batches: stored by the batch timer without any reader, and before the app closes', async () => {
    const stored = async (keyword: string) =>
      (await t.ctx.db.db.select({ id: qaSearch.id }).from(qaSearch).where(eq(qaSearch.keyword, keyword)))
        .length;
    const word = `batch-${Date.now()}`;
    await searchFrom(word, { ip: '198.51.100.51' });
    await searchFrom(word, { ip: '198.51.100.52' });
    // The state, not a fixed sleep (decision 0059): the batch timer writes them with nothing else happening.
    await expect.poll(() => stored(word), { timeout: 15_000 }).toBe(2);
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
    expect(visitor.json()).toEqual({ msg: 'Submitted. Thank you for your feedback.' });
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

describe('hot keywords cannot be written by strangers (issue 27 item 5)', () => {
  const SCAM = '加微信 scam-agent-8888 代办eb1a 包过';

  it('40 anonymous searches of a phrase from one client are one visitor, and it is not shown', async () => {
    for (let i = 0; i < 40; i++) await searchFrom(SCAM, { ip: '203.0.113.7' });
    expect((await hotList()).map((h) => h.keyword)).not.toContain(SCAM);
    await searchLog(t.ctx).flush();
    const rows = await t.ctx.db.db.select().from(qaSearch).where(eq(qaSearch.keyword, SCAM));
    expect(rows).toHaveLength(1);
    // The visitor is a keyed hash: no address in the table.
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it('40 searches from 40 addresses (X-Forwarded-For behind the trusted proxy) still do not put it in the public list', async () => {
    const phrase = `${SCAM} v2`;
    for (let i = 1; i <= 40; i++) await searchFrom(phrase, { ip: `192.0.2.${i}` });
    await searchLog(t.ctx).flush();
    expect(await t.ctx.db.db.$count(qaSearch, eq(qaSearch.keyword, phrase))).toBe(40);
    expect((await hotList()).map((h) => h.keyword)).not.toContain(phrase);
  });

  it('a keyword found in published Q&A and searched by 3 visitors is shown, ranked by visitors not searches', async () => {
    for (const ip of ['198.51.100.21', '198.51.100.22', '198.51.100.23'])
      await searchFrom('self-petition', { ip });
    for (let i = 0; i < 10; i++) await searchFrom('premium processing', { ip: '198.51.100.24' });
    const hot = await hotList();
    const self = hot.findIndex((h) => h.keyword === 'self-petition');
    const premium = hot.findIndex((h) => h.keyword === 'premium processing');
    expect(hot[self]).toEqual({ keyword: 'self-petition', count: 3 });
    expect(hot[premium]).toEqual({ keyword: 'premium processing', count: 1 });
    expect(self).toBeLessThan(premium);
  });

  it('a customer counts once by account, whatever the address; another customer on the same address counts again', async () => {
    const a = await login(t);
    const b = await login(t);
    await searchFrom('劳工证', { user: a, ip: '198.51.100.31' });
    await searchFrom('劳工证', { user: a, ip: '198.51.100.32' });
    await searchFrom('劳工证', { user: b, ip: '198.51.100.31' });
    expect((await hotList()).find((h) => h.keyword === '劳工证')).toEqual({ keyword: '劳工证', count: 2 });
    // The same visitor again the next day counts again (distinct visitors per keyword per day).
    t.clock.advance(86_400_000);
    const again = await login(t, { phone: a.phone }); // the same customer, a token of today
    expect(again.customerId).toBe(a.customerId);
    await searchFrom('劳工证', { user: again, ip: '198.51.100.33' });
    expect((await hotList()).find((h) => h.keyword === '劳工证')).toEqual({ keyword: '劳工证', count: 3 });
  });

  it('LIKE characters in a keyword are literal when matched against published Q&A', async () => {
    // '%' alone would match any text if it were a wildcard.
    for (const ip of ['198.51.100.41', '198.51.100.42']) await searchFrom('%', { ip });
    for (const ip of ['198.51.100.41', '198.51.100.42']) await searchFrom('i_140', { ip });
    const words = (await hotList()).map((h) => h.keyword);
    expect(words).not.toContain('%');
    expect(words).not.toContain('i_140');
  });
});

describe('Q&A purge', () => {
  it('drops searches older than the hot-keyword window and keeps recent ones', async () => {
    await search({ keyword: 'purge me' }, 'en');
    await searchLog(t.ctx).flush();
    const stored = () => t.ctx.db.db.$count(qaSearch, eq(qaSearch.keyword, 'purge me'));
    await purgeOldSearches.run(t.ctx, t.clock.now());
    expect(await stored()).toBe(1);
    const later = new Date(t.clock.now().getTime() + 31 * 86_400_000);
    expect(await purgeOldSearches.run(t.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe(0);
  });
});
