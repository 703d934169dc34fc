/**
 * Issue 31 item 3 (decision 0072): a name spelled one way on the profile and another in the petition letter is a
 * `consistency` finding over HTTP, under a stable key; marking that key as intended keeps it listed but stops it
 * warning (counts), unmarking brings the warning back, and fixing the letter clears it.
 */
import { ZReview } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const letter = (name: string) => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'Introduction' }] },
    { type: 'paragraph', content: [{ type: 'text', text: `Dr. ${name} is a physicist of standing.` }] },
  ],
});

describe('review: consistency marked as intended', () => {
  it('warns on a name mismatch, stops warning once marked intended, and clears when fixed (zh/en)', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const profile = await call('PATCH', 'profile/', {
      version: 0,
      values: { 'name.family': 'Zhang', 'name.given': 'Wei' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const saved = await call('PUT', 'documents/petition_letter/', {
      version: 0,
      content: letter('Zhang Wai'),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const key = 'consistency:name:zhang wai|zhang wei';
    const nameFinding = (body: unknown) => ZReview.parse(body).findings.find((f) => f.key === key);
    const first = await call('GET', 'review/');
    expect(first.statusCode, first.body).toBe(200);
    const before = ZReview.parse(first.json());
    const f = nameFinding(first.json());
    expect(f).toMatchObject({ rule: 'consistency', severity: 'warn', intended: false });
    expect(f!.places.map((p) => [p.tab, p.target])).toContainEqual(['petition', 'petition_letter#2']);
    const zh = nameFinding((await call('GET', 'review/', undefined, 'zh')).json());
    expect(zh!.title).toMatch(/\p{Script=Han}/u);

    const marked = await call('PUT', 'review/intended/', { key, intended: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = ZReview.parse(marked.json());
    expect(nameFinding(marked.json())).toMatchObject({ intended: true, severity: 'warn' });
    expect(after.counts.warn).toBe(before.counts.warn - 1);

    const unmarked = await call('PUT', 'review/intended/', { key, intended: false });
    expect(nameFinding(unmarked.json())).toMatchObject({ intended: false });
    expect(ZReview.parse(unmarked.json()).counts.warn).toBe(before.counts.warn);

    const fixed = await call('PUT', 'documents/petition_letter/', {
      version: 1,
      content: letter('Zhang Wei'),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(nameFinding((await call('GET', 'review/')).json())).toBeUndefined();
  });
});
