import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { errMsg, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, login, type Method } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mine' }] }] };

/** A request for each documents route; `:vid` is a history row id. Bodies are valid, so only ownership refuses. */
const BODIES: Record<string, { payload?: unknown; headers?: Record<string, string> }> = {
  'PUT /api/customer/case/:id/documents/:kind/': { payload: { version: 1, content } },
  'POST /api/customer/case/:id/documents/:kind/versions/:vid/restore/': { payload: { version: 1 } },
  'POST /api/customer/case/:id/documents/:kind/import/': {
    payload: Buffer.from('PK'),
    headers: { 'content-type': DOCX },
  },
  'PUT /api/customer/case/:id/documents/:kind/service_choice/': { payload: { first: 'review' } },
};

describe('authorisation: customer A attacks customer B’s documents', () => {
  it('gets 404 on every documents route, for both kinds, in both languages; B is unchanged', async () => {
    await t.app.ready();
    const routes = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => k.includes('/api/customer/case/:id/documents/'));
    expect(routes.length).toBe(11);
    for (const key of Object.keys(BODIES)) expect(routes).toContain(key);

    const a = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    const b = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    const vids: Record<string, number> = {};
    for (const kind of ['us_plan', 'petition_letter']) {
      const r = await onCase(t, b)('PUT', `documents/${kind}/`, { version: 0, content });
      expect(r.statusCode, r.body).toBe(200);
      vids[kind] = (await onCase(t, b)('GET', `documents/${kind}/versions/`)).json().versions[0].id;
    }
    const before = await onCase(t, b)('GET', 'documents/petition_letter/');
    let n = 0;
    for (const key of routes) {
      const [method, pattern] = key.split(' ') as [Method, string];
      for (const kind of ['us_plan', 'petition_letter']) {
        // B's case id with B's version; and A's own case id with B's version id (a nested id of another case).
        const urls = [
          pattern.replace(':id', String(b.caseId)).replace(':kind', kind).replace(':vid', String(vids[kind])),
          ...(pattern.includes(':vid')
            ? [
                pattern
                  .replace(':id', String(a.caseId))
                  .replace(':kind', kind)
                  .replace(':vid', String(vids[kind])),
              ]
            : []),
        ];
        for (const url of urls) {
          for (const lang of ['en', 'zh'] as const) {
            const r = await injectAs(t, method, url, { user: a.user, lang, ...BODIES[key] });
            expect(r.statusCode, `${key} ${url}: ${r.body.slice(0, 200)}`).toBe(404);
            expect(r.json().code).toBe('not_found');
            n++;
          }
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(52);
    const after = await onCase(t, b)('GET', 'documents/petition_letter/');
    expect(after.json()).toEqual(before.json());
  });

  it('an anonymous caller gets 401 and no document', async () => {
    const b = await owner(t);
    const r = await injectAs(t, 'GET', `/api/customer/case/${b.caseId}/documents/petition_letter/`);
    expect(r.statusCode).toBe(401);
  });
});

describe('expired base: documents are read-only', () => {
  it('reads (document, history, outline, picker, template, preview) pass; writes get entitlement_expired', async () => {
    const o = await owner(t, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    expect(
      (await onCase(t, o)('PUT', 'documents/petition_letter/', { version: 0, content })).statusCode,
    ).toBe(200);
    const vid = (await onCase(t, o)('GET', 'documents/petition_letter/versions/')).json().versions[0].id;
    const before = t.clock.now();
    try {
      t.clock.set(new Date(before.getTime() + 2 * 365 * 24 * 3600 * 1000));
      const user = await login(t, { phone: o.user.phone });
      const base = `/api/customer/case/${o.caseId}/documents/petition_letter`;
      for (const path of [
        '/',
        '/versions/',
        `/versions/${vid}/`,
        '/outline/',
        '/reference_targets/',
        '/template.docx',
        '/preview.pdf',
      ]) {
        const r = await injectAs(t, 'GET', `${base}${path}`, { user });
        expect(r.statusCode, `${path}: ${r.body.slice(0, 200)}`).toBe(200);
      }
      const writes: [Method, string, { payload?: unknown; headers?: Record<string, string> }][] = [
        ['PUT', '/', { payload: { version: 1, content } }],
        ['POST', `/versions/${vid}/restore/`, { payload: { version: 1 } }],
        ['POST', '/import/', { payload: Buffer.from('PK'), headers: { 'content-type': DOCX } }],
        ['PUT', '/service_choice/', { payload: { first: 'review' } }],
      ];
      for (const [method, path, opts] of writes) {
        const r = await injectAs(t, method, `${base}${path}`, { user, lang: 'zh', ...opts });
        expect(r.json(), path).toEqual({
          code: 'entitlement_expired',
          msg: errMsg('zh', 'entitlement_expired'),
        });
      }
    } finally {
      t.clock.set(before);
    }
  });
});
