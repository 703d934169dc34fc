/**
 * Issue 31: the case review's routes — whose case it is, bad input, and a finding marked as intended (it stays
 * listed, no longer counted).
 */
import { ZReview } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPageText } from '../src/db/schema/index.ts';
import { pageTextsOf } from '../src/modules/review/review-texts.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, fakeUpload, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

describe('case review routes', () => {
  it('answers the caller’s own case only: 401 without login, 404 for another customer’s case', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const url = `/api/customer/case/${a.caseId}/review/`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expectError(await injectAs(t, 'GET', url, { user: b.user }), 404, 'not_found');
    const put = await injectAs(t, 'PUT', `${url}intended/`, {
      user: b.user,
      payload: { key: 'consistency:name:x', intended: true },
    });
    expectError(put, 404, 'not_found');
    const r = await onCase(t, a)('GET', 'review/');
    expect(r.statusCode, r.body).toBe(200);
    const review = ZReview.parse(r.json());
    expect(review.case_id).toBe(a.caseId);
    expect(review.counts.block + review.counts.warn + review.counts.info).toBe(
      review.findings.filter((f) => !f.intended).length,
    );
  });

  it('refuses a key that is empty or too long, and a non-boolean mark, with a localised 400', async () => {
    const o = await owner(t);
    for (const payload of [
      { key: '', intended: true },
      { key: 'k'.repeat(301), intended: true },
      { key: 'k', intended: 'yes' },
    ]) {
      const r = await onCase(t, o)('PUT', 'review/intended/', payload, 'zh');
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('page texts kept by the process', () => {
  it('answers the same arrays while the row stands, reads a row written again, and the sample without a row', async () => {
    const o = await owner(t);
    const kept = await fakeUpload(t, o, { text: 'old sample' });
    const bare = await fakeUpload(t, o, { text: 'only a sample' });
    const at = t.clock.now();
    await t.ctx.db.db.insert(uploadPageText).values({ uploadId: kept, pages: ['one', 'two'], createdAt: at });
    const first = await pageTextsOf(t.ctx, [kept, bare]);
    expect(first.get(kept)).toEqual(['one', 'two']);
    expect(first.get(bare)).toEqual(['only a sample']);
    const again = await pageTextsOf(t.ctx, [kept, bare]);
    expect(again.get(kept)).toBe(first.get(kept));
    await t.ctx.db.db
      .update(uploadPageText)
      .set({ pages: ['rewritten'], createdAt: new Date(at.getTime() + 1000) })
      .where(eq(uploadPageText.uploadId, kept));
    expect((await pageTextsOf(t.ctx, [kept])).get(kept)).toEqual(['rewritten']);
  });
});
