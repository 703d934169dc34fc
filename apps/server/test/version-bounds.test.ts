/**
 * Issue 27 item 6: a `version` past the int32 column it is compared with is a 400 `{ code, msg }` in the
 * caller's language, never a database error (500). The bound is the contract's (ZVersion in common.ts); the
 * unit test packages/contract/test/integer-bounds.test.ts keeps every other integer of the contract bounded.
 */
import { INT32_MAX } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { errMsg } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, openCase } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const OUT_OF_BOUNDS = [2 ** 31, 2 ** 53, -1, 1.5];

describe('version fields are bounded (400, never 500)', () => {
  it('PATCH …/settings/ and …/profile/ refuse a version of 2³¹, 2⁵³, -1, 1.5 with 400 validation', async () => {
    const { user, c } = await openCase(t, 'USA_EB1A');
    const calls = [
      { path: 'settings/', body: { premium_processing: true } },
      { path: 'profile/', body: { values: {} } },
    ];
    for (const { path, body } of calls) {
      for (const version of OUT_OF_BOUNDS) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/${path}`, {
            user,
            lang,
            payload: { ...body, version },
          });
          expect(r.statusCode, `${path} version ${version}: ${r.body}`).toBe(400);
          expect(r.json()).toMatchObject({ code: 'validation', field: 'body.version' });
          expect(r.json().msg).toBe(errMsg(lang, 'validation').replace('{{field}}', 'body.version'));
        }
      }
      // The largest int32 is a version like any other: stale, so 409, not a refusal of its size.
      const top = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/${path}`, {
        user,
        payload: { ...body, version: INT32_MAX },
      });
      expect(top.statusCode, top.body).toBe(409);
      expect(top.json().code).toBe('version_conflict');
    }
  });
});
