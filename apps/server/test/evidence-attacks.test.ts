import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { attachedTo, errMsg, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, login, type Method } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

/** What customer B owns; customer A attacks it. */
interface Victim {
  caseId: number;
  folder: number;
  file: number;
  letter: number;
  attachment: number;
  upload: number;
}

type Attack = (own: number, b: Victim) => { url: string; payload?: unknown; ownCase?: boolean }[];
const fileBody = { name: 'n', needs_translation: false };
const letterBody = { name: 'n', position: 'p', needs_translation: false };

/**
 * Every route of evidence, letters and US-plan attachments, with A's attempts on B's ids: B's case id in the path,
 * and A's own case id with B's nested ids (in the path or the body). A new route fails the coverage check below
 * until it is added here.
 */
const ATTACKS: Record<string, Attack> = {
  'GET /api/customer/case/:id/criteria/': (_, b) => [{ url: `${b.caseId}/criteria/` }],
  'PUT /api/customer/case/:id/criteria/': (_, b) => [
    { url: `${b.caseId}/criteria/`, payload: { criteria: [], version: 1, confirm: true } },
  ],
  'PUT /api/customer/case/:id/niw_direction/': (_, b) => [
    { url: `${b.caseId}/niw_direction/`, payload: { direction: 'advanced_degree', confirm: true } },
  ],
  'GET /api/customer/case/:id/evidence/': (_, b) => [{ url: `${b.caseId}/evidence/` }],
  'POST /api/customer/case/:id/evidence/': (_, b) => [
    { url: `${b.caseId}/evidence/`, payload: { criterion: 'awards', name: 'x' } },
  ],
  'PUT /api/customer/case/:id/evidence/order/': (a, b) => [
    { url: `${b.caseId}/evidence/order/`, payload: { criterion: 'awards', ids: [b.folder] } },
    { url: `${a}/evidence/order/`, payload: { criterion: 'awards', ids: [b.folder] } },
  ],
  'GET /api/customer/case/:id/evidence/exhibits/': (_, b) => [{ url: `${b.caseId}/evidence/exhibits/` }],
  'GET /api/customer/case/:id/evidence/kinds/': (_, b) => [{ url: `${b.caseId}/evidence/kinds/` }],
  'PUT /api/customer/case/:id/evidence/exhibit_order/': (a, b) => [
    { url: `${b.caseId}/evidence/exhibit_order/`, payload: { mode: 'criterion', version: 0 } },
    { url: `${a}/evidence/exhibit_order/`, payload: { mode: 'custom', ids: [b.folder], version: 0 } },
  ],
  'GET /api/customer/case/:id/evidence/template.docx': (_, b) => [
    { url: `${b.caseId}/evidence/template.docx?criterion=awards` },
  ],
  'GET /api/customer/case/:id/evidence/:folder_id/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/` },
    { url: `${a}/evidence/${b.folder}/` },
  ],
  'PATCH /api/customer/case/:id/evidence/:folder_id/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/`, payload: { criterion: 'awards', name: 'x' } },
    { url: `${a}/evidence/${b.folder}/`, payload: { criterion: 'awards', name: 'x' } },
  ],
  'DELETE /api/customer/case/:id/evidence/:folder_id/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/?confirm=true` },
    { url: `${a}/evidence/${b.folder}/?confirm=true` },
  ],
  'POST /api/customer/case/:id/evidence/:folder_id/files/': (a, b) => [
    {
      url: `${b.caseId}/evidence/${b.folder}/files/`,
      payload: { ...fileBody, original_upload_id: b.upload },
    },
    { url: `${a}/evidence/${b.folder}/files/`, payload: { ...fileBody, original_upload_id: b.upload } },
  ],
  'PUT /api/customer/case/:id/evidence/:folder_id/files/order/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/files/order/`, payload: { ids: [b.file] } },
    { url: `${a}/evidence/${b.folder}/files/order/`, payload: { ids: [b.file] } },
  ],
  'GET /api/customer/case/:id/evidence/:folder_id/files/:file_id/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/files/${b.file}/` },
    { url: `${a}/evidence/${b.folder}/files/${b.file}/` },
  ],
  'PATCH /api/customer/case/:id/evidence/:folder_id/files/:file_id/': (a, b) => [
    {
      url: `${b.caseId}/evidence/${b.folder}/files/${b.file}/`,
      payload: { ...fileBody, original_upload_id: b.upload },
    },
    {
      url: `${a}/evidence/${b.folder}/files/${b.file}/`,
      payload: { ...fileBody, original_upload_id: b.upload },
    },
  ],
  'DELETE /api/customer/case/:id/evidence/:folder_id/files/:file_id/': (a, b) => [
    { url: `${b.caseId}/evidence/${b.folder}/files/${b.file}/?confirm=true` },
    { url: `${a}/evidence/${b.folder}/files/${b.file}/?confirm=true` },
  ],
  'GET /api/customer/case/:id/letters/': (_, b) => [{ url: `${b.caseId}/letters/` }],
  'POST /api/customer/case/:id/letters/': (a, b) => [
    { url: `${b.caseId}/letters/`, payload: letterBody },
    { url: `${a}/letters/`, payload: { ...letterBody, evidence_folder_ids: [b.folder] } },
    { url: `${a}/letters/`, payload: { ...letterBody, letter_upload_id: b.upload } },
  ],
  'PUT /api/customer/case/:id/letters/order/': (a, b) => [
    { url: `${b.caseId}/letters/order/`, payload: { ids: [b.letter] } },
    { url: `${a}/letters/order/`, payload: { ids: [b.letter] } },
  ],
  'GET /api/customer/case/:id/letters/examples/': (_, b) => [{ url: `${b.caseId}/letters/examples/` }],
  'GET /api/customer/case/:id/letters/template.docx': (_, b) => [
    { url: `${b.caseId}/letters/template.docx` },
  ],
  'GET /api/customer/case/:id/letters/:letter_id/': (a, b) => [
    { url: `${b.caseId}/letters/${b.letter}/` },
    { url: `${a}/letters/${b.letter}/` },
  ],
  'PATCH /api/customer/case/:id/letters/:letter_id/': (a, b) => [
    { url: `${b.caseId}/letters/${b.letter}/`, payload: letterBody },
    { url: `${a}/letters/${b.letter}/`, payload: letterBody },
  ],
  'DELETE /api/customer/case/:id/letters/:letter_id/': (a, b) => [
    { url: `${b.caseId}/letters/${b.letter}/?confirm=true` },
    { url: `${a}/letters/${b.letter}/?confirm=true` },
  ],
  'GET /api/customer/case/:id/plan/attachments/': (_, b) => [{ url: `${b.caseId}/plan/attachments/` }],
  'POST /api/customer/case/:id/plan/attachments/': (a, b) => [
    { url: `${b.caseId}/plan/attachments/`, payload: { ...fileBody, original_upload_id: b.upload } },
    { url: `${a}/plan/attachments/`, payload: { ...fileBody, original_upload_id: b.upload } },
  ],
  'PUT /api/customer/case/:id/plan/attachments/order/': (a, b) => [
    { url: `${b.caseId}/plan/attachments/order/`, payload: { ids: [b.attachment] } },
    { url: `${a}/plan/attachments/order/`, payload: { ids: [b.attachment] } },
  ],
  'GET /api/customer/case/:id/plan/attachments/:attachment_id/': (a, b) => [
    { url: `${b.caseId}/plan/attachments/${b.attachment}/` },
    { url: `${a}/plan/attachments/${b.attachment}/` },
  ],
  'DELETE /api/customer/case/:id/plan/attachments/:attachment_id/': (a, b) => [
    { url: `${b.caseId}/plan/attachments/${b.attachment}/?confirm=true` },
    { url: `${a}/plan/attachments/${b.attachment}/?confirm=true` },
  ],
};

async function victim(o: Owner): Promise<Victim> {
  const call = onCase(t, o);
  await call('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  const folder = (await call('POST', 'evidence/', { criterion: 'awards', name: 'Prize' })).json().evidence
    .folders[0].id;
  const f = await call('POST', `evidence/${folder}/files/`, {
    ...fileBody,
    original_upload_id: await fakeUpload(t, o),
  });
  const file = f.json().evidence.folders[0].files[0].id;
  const l = await call('POST', 'letters/', { ...letterBody, evidence_folder_ids: [folder] });
  const a = await call('POST', 'plan/attachments/', {
    ...fileBody,
    original_upload_id: await fakeUpload(t, o),
  });
  return {
    caseId: o.caseId,
    folder,
    file,
    letter: l.json().letters.letters[0].id,
    attachment: a.json().attachments.attachments[0].id,
    upload: await fakeUpload(t, o),
  };
}

describe('authorisation: customer A attacks customer B', () => {
  it('the attack list covers every evidence, letter and attachment route', async () => {
    await t.app.ready();
    const routes = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) =>
        /^\w+ \/api\/customer\/case\/:id\/(criteria|niw_direction|evidence|letters|plan)\//.test(k),
      );
    expect(routes.sort()).toEqual(Object.keys(ATTACKS).sort());
  });

  it('gets 404 for every id of B (view, download, edit, delete, reorder), and B is unchanged', async () => {
    const a = await owner(t);
    const b = await owner(t);
    await victim(a);
    const bIds = await victim(b);
    const snapshot = async () =>
      Promise.all(
        ['evidence/', 'letters/', 'plan/attachments/'].map(async (p) =>
          (await onCase(t, b)('GET', p)).json(),
        ),
      );
    const before = await snapshot();
    let n = 0;
    for (const [key, attack] of Object.entries(ATTACKS)) {
      const method = key.split(' ')[0] as Method;
      for (const { url, payload } of attack(a.caseId, bIds)) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await injectAs(t, method, `/api/customer/case/${url}`, { user: a.user, payload, lang });
          expect(r.statusCode, `${key} ${url}: ${r.body}`).toBe(404);
          expect(r.json().code).toBe('not_found');
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(90);
    // B's uploads (referenced by B's rows) are not viewable or downloadable by A either.
    for (const suffix of ['', 'original/', 'pdf/']) {
      const r = await injectAs(t, 'GET', `/api/customer/uploads/${bIds.upload}/${suffix}`, { user: a.user });
      expect(r.statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    expect(await attachedTo(t, bIds.upload)).toBeNull();
  });
});

describe('expired base: read-only', () => {
  it('every read of the list passes, every write is refused with entitlement_expired', async () => {
    const o = await owner(t);
    const mine = await victim(o);
    const before = t.clock.now();
    try {
      t.clock.set(new Date(before.getTime() + 2 * 365 * 24 * 3600 * 1000));
      const user = await login(t, { phone: o.user.phone });
      for (const [key, attack] of Object.entries(ATTACKS)) {
        const method = key.split(' ')[0] as Method;
        const { url, payload } = attack(o.caseId, mine)[0]!;
        const r = await injectAs(t, method, `/api/customer/case/${url}`, { user, payload, lang: 'zh' });
        if (method === 'GET') expect(r.statusCode, `${key}: ${r.body}`).toBe(200);
        else
          expect(r.json(), key).toEqual({
            code: 'entitlement_expired',
            msg: errMsg('zh', 'entitlement_expired'),
          });
      }
    } finally {
      t.clock.set(before);
    }
  });
});
