import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resources } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { newStaff } from './staff-factories.ts';

/**
 * Issue 10, items 15–17: input that used to answer 500 (or the SPA's HTML) answers a localised 400/414
 * `{ code, msg }`. The sweep over every route is bad-input-sweep.test.ts; these are the reported cases.
 */
let t: TestApp;
let user: LoggedIn;
let staffAuth: { authorization: string };
beforeAll(async () => {
  // A stand-in web build, so unknown page paths really get "the SPA" and /api paths must not.
  const webDist = mkdtempSync(join(tmpdir(), 'dossier-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
  t = await buildTestApp({
    config: { ...accountsTestConfig, webDist },
    serveWeb: true,
  });
  user = await login(t);
  staffAuth = (await newStaff(t, 'finance')).auth;
});
afterAll(() => t.close());

const errors = (lang: 'zh' | 'en') => resources[lang].errors as Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, lang: 'zh' | 'en' = 'en', auth = true) =>
  t.app.inject({
    method,
    url,
    headers: {
      Language: lang,
      // Staff routes take a finance member's session, the others the customer's.
      ...(auth ? (url.startsWith('/api/staff/') ? staffAuth : user.auth) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });

const expectRefused = (
  r: { statusCode: number; body: string; json(): { code?: string; msg?: unknown } },
  status: number,
  code: string,
) => {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().code, r.body).toBe(code);
  expect(typeof r.json().msg).toBe('string');
};

describe('ids beyond int32 and unbounded amounts (item 15)', () => {
  it.each([
    ['POST', '/api/customer/notification/delete_by_ids/', { ids: [2 ** 31] }],
    ['POST', '/api/customer/notification/delete_by_ids/', { ids: [1, 2 ** 53] }],
    ['GET', `/api/customer/messy/static_files/${2 ** 31}/download/`, undefined],
    ['GET', `/api/customer/messy/static_files/${2 ** 53}/download/`, undefined],
    ['PATCH', `/api/customer/notification/${2 ** 31}/`, { is_read: true }],
    ['GET', `/api/customer/order/${2 ** 31}/`, undefined],
    ['POST', '/api/staff/order/1/confirm_transfer/', { received_cny: 3_000_000_000 }],
    ['GET', `/api/customer/qa/?page=${2 ** 53}`, undefined],
    ['GET', `/api/customer/notification/?page=${2 ** 31}&size=100`, undefined],
  ] as const)('%s %s → 400 validation', async (method, url, payload) => {
    expectRefused(await call(method, url, payload), 400, 'validation');
  });
});

describe('NUL characters and lone surrogates (item 16)', () => {
  const nul = 'a\u0000b';
  const lone = 'a\ud800b';
  const cases: Array<[string, Method, string, (s: string) => unknown, boolean?]> = [
    ['advice (visitor)', 'POST', '/api/customer/advice/', (s) => ({ content: s }), false],
    ['a question', 'POST', '/api/customer/qa/', (s) => ({ question: s })],
    ['the Q&A search', 'GET', '/api/customer/qa/?keyword=KEY', () => undefined],
    ['the time zone', 'PATCH', '/api/customer/customer/edit/', (s) => ({ timezone: s })],
    [
      'an assessment field',
      'PATCH',
      '/api/customer/assess/update_my_assessment/?area=US',
      (s) => ({ personal: { name: s } }),
    ],
    ['a staff note', 'POST', '/api/staff/order/1/confirm_transfer/', (s) => ({ note: s })],
    ['a promo code', 'POST', '/api/customer/order/quote/', (s) => ({ product_ids: [1], promo_code: s })],
    ['an object key', 'POST', '/api/customer/advice/', (s) => ({ content: 'ok', [s]: 1 })],
  ];
  it.each(cases)(
    'refuses them in %s with a localised 400 naming the field',
    async (_what, method, url, body, auth = true) => {
      for (const [bad, encoded] of [
        [nul, '%00'],
        [lone, '%ED%A0%80'],
      ] as const) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await call(method, url.replace('KEY', `x${encoded}y`), body(bad), lang, auth);
          if (url.includes('KEY') && bad === lone) {
            // %ED%A0%80 is not valid UTF-8: the query string decoder replaces it, which is harmless text.
            expect(r.statusCode, r.body).toBeLessThan(500);
            continue;
          }
          expectRefused(r, 400, 'invalid_characters');
          const [before, after] = errors(lang).invalid_characters!.split('{{field}}');
          expect(r.json().msg.startsWith(`${before}`)).toBe(true);
          expect(r.json().msg.endsWith(`${after}`)).toBe(true);
          expect(r.json().msg).toMatch(/(body|querystring|params)\./);
        }
      }
    },
  );
});

describe('a staff call refused for its characters keeps its audit row (item 16)', () => {
  it('NUL in a path parameter or the body: 400, and the call-level audit row is written', async () => {
    const rows = () =>
      t.ctx.db.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, 'POST /api/staff/order/:id/confirm_transfer/'))
        .orderBy(staffAudit.id);
    const before = (await rows()).length;
    expectRefused(
      await call('POST', '/api/staff/order/%00/confirm_transfer/', {}),
      400,
      'invalid_characters',
    );
    expectRefused(
      await call('POST', '/api/staff/order/1/confirm_transfer/', { note: 'a\u0000b' }),
      400,
      'invalid_characters',
    );
    const written = (await rows()).slice(before);
    expect(written).toHaveLength(2);
    expect(written.map((r) => (r.detail as { status: number }).status)).toEqual([400, 400]);
    expect((written[0]!.detail as { params: { id: string } }).params.id).toBe('\uFFFD');
  });
});

describe('router-level errors answer { code, msg } (item 17)', () => {
  it('bad percent-encoding → 400 bad_url, localised, without echoing the URL', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const r = await call('GET', '/api/customer/qa/%E0%A4%A/', undefined, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'bad_url', msg: errors(lang).bad_url });
      expect(r.body).not.toContain('%E0');
    }
  });

  it('a path parameter over 200 characters → 414 uri_too_long, localised', async () => {
    const long = 'x'.repeat(300);
    for (const lang of ['en', 'zh'] as const) {
      const r = await call('GET', `/api/customer/qa/${long}/`, undefined, lang);
      expect(r.statusCode).toBe(414);
      expect(r.json()).toEqual({ code: 'uri_too_long', msg: errors(lang).uri_too_long });
      expect(r.body).not.toContain(long);
    }
  });

  it('//api//… is an API 404 in JSON, never the SPA page', async () => {
    for (const url of ['//api//customer/nothing/', '//api/customer/qa//x/', '/%61pi/nothing/']) {
      const r = await call('GET', url, undefined, 'zh');
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toMatch(/application\/json/);
      expect(r.json()).toEqual({ code: 'not_found', msg: errors('zh').not_found });
    }
    // A page path still gets the SPA.
    const page = await call('GET', '/index/firstTerm', undefined, 'zh');
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
