import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiling, caseRfe, rfeFinding, rfeFindingExhibit } from '../src/db/schema/index.ts';
import { customerToday } from '../src/modules/customer/customer.clock.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, type Method } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

/** What customer B owns; customer A attacks it. */
interface Victim {
  caseId: number;
  rfe: number;
  finding: number;
  folder: number;
  upload: number;
}

type Attack = (a: Victim, b: Victim) => { url: string; payload?: unknown }[];
const rfeBody = (notice: string, upload: number | null = null) => ({
  kind: 'rfe',
  receipt_id: null,
  notice_date: notice,
  due_date: null,
  notice_upload_id: upload,
});
const findingBody = {
  mode: 'quoted',
  text: 'The awards are not national.',
  criterion: null,
  note: null,
  position: null,
};
const NOTICE = '2026-01-05';

/**
 * Every /rfe/ route (this module's and the response packet's, rfe-packet.routes.ts), with A's attempts on B's ids:
 * B's case id in the path, and A's own case with B's nested ids (RFE, finding, folder, upload) in the path or body.
 * A new route fails the coverage check below until it is added here.
 */
const ATTACKS: Record<string, Attack> = {
  'GET /api/customer/case/:id/rfe/': (_, b) => [{ url: `${b.caseId}/rfe/` }],
  'POST /api/customer/case/:id/rfe/': (a, b) => [
    { url: `${b.caseId}/rfe/`, payload: rfeBody(NOTICE) },
    { url: `${a.caseId}/rfe/`, payload: rfeBody(NOTICE, b.upload) },
  ],
  'GET /api/customer/case/:id/rfe/:rfe_id/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/` },
    { url: `${a.caseId}/rfe/${b.rfe}/` },
  ],
  'PUT /api/customer/case/:id/rfe/:rfe_id/': (a, b) => {
    const body = { ...rfeBody(NOTICE), version: 0, responded_on: null, status: 'open' };
    return [
      { url: `${b.caseId}/rfe/${b.rfe}/`, payload: body },
      { url: `${a.caseId}/rfe/${b.rfe}/`, payload: body },
      { url: `${a.caseId}/rfe/${a.rfe}/`, payload: { ...body, notice_upload_id: b.upload } },
    ];
  },
  'DELETE /api/customer/case/:id/rfe/:rfe_id/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/` },
    { url: `${a.caseId}/rfe/${b.rfe}/` },
  ],
  'POST /api/customer/case/:id/rfe/:rfe_id/finding/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/finding/`, payload: findingBody },
    { url: `${a.caseId}/rfe/${b.rfe}/finding/`, payload: findingBody },
  ],
  'PUT /api/customer/case/:id/rfe/:rfe_id/finding/:finding_id/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/finding/${b.finding}/`, payload: findingBody },
    { url: `${a.caseId}/rfe/${b.rfe}/finding/${b.finding}/`, payload: findingBody },
    { url: `${a.caseId}/rfe/${a.rfe}/finding/${b.finding}/`, payload: findingBody },
  ],
  'DELETE /api/customer/case/:id/rfe/:rfe_id/finding/:finding_id/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/finding/${b.finding}/` },
    { url: `${a.caseId}/rfe/${b.rfe}/finding/${b.finding}/` },
    { url: `${a.caseId}/rfe/${a.rfe}/finding/${b.finding}/` },
  ],
  'PUT /api/customer/case/:id/rfe/:rfe_id/finding/:finding_id/exhibits/': (a, b) => {
    const own = { exhibits: [{ folder_id: a.folder, reprint: false }] };
    const theirs = { exhibits: [{ folder_id: b.folder, reprint: false }] };
    return [
      { url: `${b.caseId}/rfe/${b.rfe}/finding/${b.finding}/exhibits/`, payload: own },
      { url: `${a.caseId}/rfe/${b.rfe}/finding/${b.finding}/exhibits/`, payload: own },
      { url: `${a.caseId}/rfe/${a.rfe}/finding/${b.finding}/exhibits/`, payload: own },
      { url: `${a.caseId}/rfe/${a.rfe}/finding/${a.finding}/exhibits/`, payload: theirs },
    ];
  },
  'GET /api/customer/case/:id/rfe/:rfe_id/packet/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/packet/` },
    { url: `${a.caseId}/rfe/${b.rfe}/packet/` },
  ],
  'POST /api/customer/case/:id/rfe/:rfe_id/packet/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/packet/` },
    { url: `${a.caseId}/rfe/${b.rfe}/packet/` },
  ],
  'GET /api/customer/case/:id/rfe/:rfe_id/packet/file/': (a, b) => [
    { url: `${b.caseId}/rfe/${b.rfe}/packet/file/` },
    { url: `${a.caseId}/rfe/${b.rfe}/packet/file/` },
  ],
};

async function victim(o: Owner): Promise<Victim> {
  const call = onCase(t, o);
  await call('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  const folder = (await call('POST', 'evidence/', { criterion: 'awards', name: 'Prize' })).json().evidence
    .folders[0].id;
  const now = t.clock.now();
  await t.ctx.db.db.insert(caseFiling).values({
    caseId: o.caseId,
    mailedOn: '2025-12-01',
    stage: 'receipted',
    exhibitSnapshot: {
      taken_at: now.toISOString(),
      exhibits: [{ folder_id: folder, number: 1, name_en: 'Prize' }],
    },
    createdAt: now,
    updatedAt: now,
  });
  const notice = await customerToday(t.ctx, o.user.customerId);
  const r = await call('POST', 'rfe/', rfeBody(notice, await fakeUpload(t, o)));
  expect(r.statusCode, r.body).toBe(200);
  const rfe = r.json().id as number;
  const f = await call('POST', `rfe/${rfe}/finding/`, findingBody);
  const finding = f.json().findings[0].id as number;
  await call('PUT', `rfe/${rfe}/finding/${finding}/exhibits/`, {
    exhibits: [{ folder_id: folder, reprint: true }],
  });
  return { caseId: o.caseId, rfe, finding, folder, upload: await fakeUpload(t, o) };
}

describe('authorisation: customer A attacks customer B (RFE workspace)', () => {
  it('the attack list covers every /rfe/ route', async () => {
    await t.app.ready();
    const routes = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => /^\w+ \/api\/customer\/case\/:id\/rfe\//.test(k));
    expect(routes.sort()).toEqual(Object.keys(ATTACKS).sort());
  });

  it("gets 404 for every id of B (view, edit, delete, findings, exhibits, packet), and B's data is unchanged", async () => {
    const a = await owner(t);
    const b = await owner(t);
    const aIds = await victim(a);
    const bIds = await victim(b);
    const snapshot = async () => ({
      view: (await onCase(t, b)('GET', 'rfe/')).json(),
      rows: await t.ctx.db.db.select().from(caseRfe).where(eq(caseRfe.caseId, b.caseId)),
      findings: await t.ctx.db.db.select().from(rfeFinding).where(eq(rfeFinding.caseId, b.caseId)),
      links: await t.ctx.db.db.select().from(rfeFindingExhibit).where(eq(rfeFindingExhibit.caseId, b.caseId)),
      aLinks: await t.ctx.db.db
        .select()
        .from(rfeFindingExhibit)
        .where(eq(rfeFindingExhibit.caseId, a.caseId)),
    });
    const before = await snapshot();
    let n = 0;
    for (const [key, attack] of Object.entries(ATTACKS)) {
      const method = key.split(' ')[0] as Method;
      for (const { url, payload } of attack(aIds, bIds)) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await injectAs(t, method, `/api/customer/case/${url}`, {
            user: a.user,
            lang,
            ...(payload !== undefined ? { payload } : {}),
          });
          expect(r.statusCode, `${key} ${url}: ${r.body}`).toBe(404);
          expect(r.json().code).toBe('not_found');
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(40);
    expect(await snapshot()).toEqual(before);
  });
});
