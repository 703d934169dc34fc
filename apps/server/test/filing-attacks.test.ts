import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { attachedTo, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, type Method } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

interface Victim {
  caseId: number;
  receipt: number;
  upload: number;
}
type Attack = (own: number, b: Victim) => { url: string; payload?: unknown }[];

const mailing = { version: 0, mailed_on: '2026-10-20', carrier: 'usps', tracking_number: null };
const receiptBody = (over: Record<string, unknown> = {}) => ({
  form: 'I-140',
  receipt_number: 'WAC2612345678',
  notice_date: '2026-10-28',
  premium: true,
  notice_upload_id: null,
  ...over,
});
const status = { status_code: 'approved', text: 'Case Was Approved', occurred_on: '2026-11-02' };

/**
 * Every /filing/ route with A's attempts on B's ids: B's case id in the path, and A's own case with B's receipt id
 * or B's upload id. A new route fails the coverage check until it is added here.
 */
const ATTACKS: Record<string, Attack> = {
  'GET /api/customer/case/:id/filing/': (_, b) => [{ url: `${b.caseId}/filing/` }],
  'PUT /api/customer/case/:id/filing/': (_, b) => [
    { url: `${b.caseId}/filing/`, payload: { ...mailing, version: 2 } },
  ],
  'PUT /api/customer/case/:id/filing/stage/': (_, b) => [
    { url: `${b.caseId}/filing/stage/`, payload: { version: 2, stage: 'denied', stage_on: '2026-11-02' } },
  ],
  'POST /api/customer/case/:id/filing/snapshot/': (_, b) => [{ url: `${b.caseId}/filing/snapshot/` }],
  'POST /api/customer/case/:id/filing/receipt/': (a, b) => [
    { url: `${b.caseId}/filing/receipt/`, payload: receiptBody({ receipt_number: 'MSC2612345678' }) },
    {
      url: `${a}/filing/receipt/`,
      payload: receiptBody({ receipt_number: 'NBC2612345678', notice_upload_id: b.upload }),
    },
  ],
  'PUT /api/customer/case/:id/filing/receipt/:receipt_id/': (a, b) => [
    {
      url: `${b.caseId}/filing/receipt/${b.receipt}/`,
      payload: receiptBody({ receipt_number: 'YSC2612345678' }),
    },
    { url: `${a}/filing/receipt/${b.receipt}/`, payload: receiptBody({ receipt_number: 'YSC2612345678' }) },
  ],
  'DELETE /api/customer/case/:id/filing/receipt/:receipt_id/': (a, b) => [
    { url: `${b.caseId}/filing/receipt/${b.receipt}/` },
    { url: `${a}/filing/receipt/${b.receipt}/` },
  ],
  'POST /api/customer/case/:id/filing/receipt/:receipt_id/status/': (a, b) => [
    { url: `${b.caseId}/filing/receipt/${b.receipt}/status/`, payload: status },
    { url: `${a}/filing/receipt/${b.receipt}/status/`, payload: status },
  ],
};

async function victim(o: Owner): Promise<Victim> {
  const call = onCase(t, o);
  expect((await call('PUT', 'filing/', mailing)).statusCode).toBe(200);
  const r = await call('POST', 'filing/receipt/', receiptBody());
  expect(r.statusCode, r.body).toBe(200);
  return { caseId: o.caseId, receipt: r.json().receipts[0].id, upload: await fakeUpload(t, o) };
}

describe('authorisation: customer A attacks customer B’s filing', () => {
  it('the attack list covers every /filing/ route', async () => {
    await t.app.ready();
    const routes = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => /^\w+ \/api\/customer\/case\/:id\/filing\//.test(k));
    expect(routes.sort()).toEqual(Object.keys(ATTACKS).sort());
  });

  it('gets 404 for every id of B, in zh and en, and nothing of B changes', async () => {
    const a = await owner(t);
    const b = await owner(t);
    await victim(a);
    const bIds = await victim(b);
    const before = (await onCase(t, b)('GET', 'filing/')).json();
    let n = 0;
    for (const [key, attack] of Object.entries(ATTACKS)) {
      const method = key.split(' ')[0] as Method;
      for (const { url, payload } of attack(a.caseId, bIds)) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await injectAs(t, method, `/api/customer/case/${url}`, { user: a.user, payload, lang });
          expect(r.statusCode, `${key} ${url}: ${r.body}`).toBe(404);
          expect(r.json().code).toBe('not_found');
          n += 1;
        }
      }
    }
    expect(n).toBe(24);
    expect((await onCase(t, b)('GET', 'filing/')).json()).toEqual(before);
    expect(await attachedTo(t, bIds.upload)).toBeNull();
    // A's own filing still holds only A's receipt.
    const mine = (await onCase(t, a)('GET', 'filing/')).json();
    expect(mine.receipts.map((r: { receipt_number: string }) => r.receipt_number)).toEqual(['WAC2612345678']);
  });
});
