import { ZDocument, ZReferenceTargets, ZReview, ZRfe } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiling, filingReceipt } from '../src/db/schema/index.ts';
import { customerToday } from '../src/modules/customer/customer.clock.ts';
import { addDays } from '../src/modules/rfe/rfe.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, type Method } from './factories.ts';
import { pdftotext, writeTempPdf } from './pdf-assertions.ts';

/** The RFE response letter (documents kind rfe_response, issue 32 item 4, decision 0077 "The response letter"). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const ev = evidenceCalls(() => t);
const txt = (text: string) => ({ type: 'text' as const, text });
const ref = (id: string) => ({ type: 'reference' as const, attrs: { kind: 'exhibit', id } });
const letterDoc = (...paragraphs: unknown[][]) => ({
  type: 'doc',
  content: paragraphs.map((content) => ({ type: 'paragraph', content })),
});
const RESPONSE = 'documents/rfe_response/';

/** The mailing as the filing module records it: filed exhibits 1…n by the snapshot, one I-140 receipt. */
async function mailed(o: Owner, folders: number[]) {
  const now = t.clock.now();
  await t.ctx.db.db.insert(caseFiling).values({
    caseId: o.caseId,
    mailedOn: '2026-03-02',
    stage: 'receipted',
    exhibitSnapshot: {
      taken_at: now.toISOString(),
      exhibits: folders.map((folder_id, i) => ({ folder_id, number: i + 1, name_en: `Exhibit ${i + 1}` })),
    },
    createdAt: now,
    updatedAt: now,
  });
  const [r] = await t.ctx.db.db
    .insert(filingReceipt)
    .values({
      caseId: o.caseId,
      form: 'I-140',
      receiptNumber: `IOE08${String(o.caseId).padStart(8, '0')}`,
      noticeDate: '2026-03-10',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: filingReceipt.id });
  return r!.id;
}

/** An EB-1A case with three filed folders and one new one, mailed; no RFE yet. */
async function filedCase() {
  const o = await owner(t);
  const c = await onCase(t, o)('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  expect(c.statusCode, c.body).toBe(200);
  const folders: number[] = [];
  for (let i = 0; i < 4; i++) folders.push(await ev.folder(o, 'awards', `F${i + 1}`));
  for (const f of folders) await ev.file(o, f, `File of ${f}`);
  const receipt = await mailed(o, folders.slice(0, 3));
  return { o, folders, receipt };
}

/** Records an RFE with one finding answered by filed folder 2 and the new folder 4. */
async function withRfe(o: Owner, folders: number[], receipt: number) {
  const call = onCase(t, o);
  const today = await customerToday(t.ctx, o.user.customerId);
  let r = await call('POST', 'rfe/', {
    kind: 'rfe',
    receipt_id: receipt,
    notice_date: addDays(today, -5),
    due_date: null,
    notice_upload_id: null,
  });
  expect(r.statusCode, r.body).toBe(200);
  const rfeId = r.json().id as number;
  r = await call('POST', `rfe/${rfeId}/finding/`, {
    mode: 'quoted',
    text: 'The awards are not nationally recognised.',
    criterion: 'awards',
    note: null,
    position: null,
  });
  expect(r.statusCode, r.body).toBe(200);
  const findingId = ZRfe.parse(r.json()).findings[0]!.id;
  r = await call('PUT', `rfe/${rfeId}/finding/${findingId}/exhibits/`, {
    exhibits: [
      { folder_id: folders[1], reprint: false },
      { folder_id: folders[3], reprint: false },
    ],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { rfeId, rfe: ZRfe.parse(r.json()) };
}

describe('RFE response letter', () => {
  it('is refused before the case has an RFE (409 rfe_response_no_rfe, zh/en), on reads and writes', async () => {
    const { o } = await filedCase();
    for (const lang of ['en', 'zh'] as const) {
      for (const [method, path, body] of [
        ['GET', RESPONSE, undefined],
        ['PUT', RESPONSE, { version: 0, content: letterDoc([txt('x')]) }],
        ['GET', `${RESPONSE}reference_targets/`, undefined],
        ['GET', `${RESPONSE}preview.pdf`, undefined],
      ] as const) {
        const r = await onCase(t, o)(method, path, body, lang);
        expect(r.statusCode, `${method} ${path}`).toBe(409);
        expect(r.json()).toEqual({
          code: 'rfe_response_no_rfe',
          msg: translate(lang, 'rfe:server.errors.rfe_response_no_rfe'),
        });
      }
    }
    // The petition letter is untouched by it.
    expect((await onCase(t, o)('GET', 'documents/petition_letter/')).statusCode).toBe(200);
  });

  it('saved and read; a new folder prints "Exhibit <filed+1>" in the editor, the RFE view, the picker and the preview PDF', async () => {
    const { o, folders, receipt } = await filedCase();
    const call = onCase(t, o);
    // The petition letter cites folder 4 before the RFE: its labels must not change by the RFE.
    let r = await call('PUT', 'documents/petition_letter/', {
      version: 0,
      content: letterDoc([
        txt('See '),
        ref(`folder:${folders[3]}`),
        txt(' and '),
        ref(`folder:${folders[1]}`),
      ]),
    });
    expect(r.statusCode, r.body).toBe(200);
    const petitionBefore = ZDocument.parse(
      (await call('GET', 'documents/petition_letter/')).json(),
    ).numbering;

    const { rfe, rfeId } = await withRfe(o, folders, receipt);
    expect(rfe.findings[0]!.cited).toBe(false);
    const fresh = rfe.exhibits.find((e) => e.folder_id === folders[3])!;
    expect(fresh.filed).toBe(false);
    expect(fresh.label).toBe('Exhibit 4');

    const content = letterDoc(
      [
        txt('In response, see '),
        ref(`folder:${folders[3]}`),
        txt(' and '),
        ref(`folder:${folders[1]}`),
        txt('.'),
      ],
      [txt('We respectfully request approval.')],
    );
    r = await call('PUT', RESPONSE, { version: 0, content });
    expect(r.statusCode, r.body).toBe(200);
    const saved = ZDocument.parse(r.json().document);
    expect(saved.kind).toBe('rfe_response');
    expect(saved.version).toBe(1);
    // The finding is cited by the letter now (its exhibits ∩ the letter's references).
    const cited = ZRfe.parse((await call('GET', `rfe/${rfeId}/`)).json());
    expect(cited.findings[0]!.cited).toBe(true);
    expect(cited.exhibits.find((e) => e.folder_id === folders[3])!.label).toBe(fresh.label);
    const read = ZDocument.parse((await call('GET', RESPONSE)).json());
    expect(read.content).toEqual(content);
    expect(read.numbering[`folder:${folders[3]}`]).toMatchObject({
      status: 'ok',
      label: fresh.label,
      number: '4',
    });
    // A filed exhibit keeps its number as mailed.
    expect(read.numbering[`folder:${folders[1]}`]).toMatchObject({ status: 'ok', label: 'Exhibit 2' });

    // The picker: the filed snapshot (1–3) and the new folder (4), in number order; no letters.
    const targets = ZReferenceTargets.parse((await call('GET', `${RESPONSE}reference_targets/`)).json());
    expect(targets.exhibits.map((e) => [e.id, e.label])).toEqual([
      [`folder:${folders[0]}`, 'Exhibit 1'],
      [`folder:${folders[1]}`, 'Exhibit 2'],
      [`folder:${folders[2]}`, 'Exhibit 3'],
      [`folder:${folders[3]}`, 'Exhibit 4'],
    ]);
    expect(targets.letters).toEqual([]);

    // The preview prints the same label (pdftotext).
    const pdf = await call('GET', `${RESPONSE}preview.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdftotext(writeTempPdf(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`In response, see ${fresh.label} and Exhibit 2.`);

    // Versions and restore work for the kind.
    r = await call('PUT', RESPONSE, { version: 1, content: letterDoc([txt('Second draft.')]) });
    expect(r.statusCode, r.body).toBe(200);
    const versions = (await call('GET', `${RESPONSE}versions/`)).json().versions as Array<{
      id: number;
      version: number;
    }>;
    const first = versions.find((v) => v.version === 1)!;
    r = await call('POST', `${RESPONSE}versions/${first.id}/restore/`, { version: 2 });
    expect(r.statusCode, r.body).toBe(200);
    expect(ZDocument.parse(r.json().document).content).toEqual(content);
    expect((await call('GET', `${RESPONSE}outline/`)).statusCode).toBe(200);
    expect((await call('GET', `${RESPONSE}template.docx`)).statusCode).toBe(200);

    // The petition letter's labels are unchanged by the RFE and its letter.
    const petitionAfter = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json()).numbering;
    expect(petitionAfter).toEqual(petitionBefore);
  });

  it('another customer gets 404 on every documents route of kind rfe_response (their case or a nested version id), zh/en; A unchanged', async () => {
    await t.app.ready();
    const routes = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => k.includes('/api/customer/case/:id/documents/'));
    expect(routes.length).toBe(11);
    const a = await filedCase();
    await withRfe(a.o, a.folders, a.receipt);
    expect(
      (await onCase(t, a.o)('PUT', RESPONSE, { version: 0, content: letterDoc([txt('Mine.')]) })).statusCode,
    ).toBe(200);
    const vid = (await onCase(t, a.o)('GET', `${RESPONSE}versions/`)).json().versions[0].id as number;
    const before = (await onCase(t, a.o)('GET', RESPONSE)).json();
    // B has an RFE of their own (so the kind is open on B's case and only ownership refuses).
    const b = await filedCase();
    await withRfe(b.o, b.folders, b.receipt);
    const bodies: Record<string, { payload?: unknown; headers?: Record<string, string> }> = {
      'PUT /api/customer/case/:id/documents/:kind/': {
        payload: { version: 1, content: letterDoc([txt('x')]) },
      },
      'POST /api/customer/case/:id/documents/:kind/versions/:vid/restore/': { payload: { version: 1 } },
      'POST /api/customer/case/:id/documents/:kind/import/': {
        payload: Buffer.from('PK'),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
      },
      'PUT /api/customer/case/:id/documents/:kind/service_choice/': { payload: { first: 'review' } },
    };
    let n = 0;
    for (const key of routes) {
      const [method, pattern] = key.split(' ') as [Method, string];
      const url = (caseId: number) =>
        pattern.replace(':id', String(caseId)).replace(':kind', 'rfe_response').replace(':vid', String(vid));
      const urls = [url(a.o.caseId), ...(pattern.includes(':vid') ? [url(b.o.caseId)] : [])];
      for (const u of urls) {
        for (const lang of ['en', 'zh'] as const) {
          const r = await injectAs(t, method, u, { user: b.o.user, lang, ...bodies[key] });
          expect(r.statusCode, `${key} ${u}: ${r.body.slice(0, 200)}`).toBe(404);
          expect(r.json().code).toBe('not_found');
          n++;
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(26);
    expect((await onCase(t, a.o)('GET', RESPONSE)).json()).toEqual(before);
  });

  it('the case review shows a leftover "[TODO]" in the response letter, on the Schedule tab', async () => {
    const { o, folders, receipt } = await filedCase();
    await withRfe(o, folders, receipt);
    const call = onCase(t, o);
    const before = ZReview.parse((await call('GET', 'review/')).json());
    const r = await call('PUT', RESPONSE, {
      version: 0,
      content: letterDoc([txt('Intro.')], [txt('The award is national. [TODO] add the jury list.')]),
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = ZReview.parse((await call('GET', 'review/')).json());
    const places = after.findings.flatMap((f) => f.places);
    expect(places).toContainEqual(expect.objectContaining({ tab: 'schedule', target: 'rfe_response#2' }));
    // The petition's findings are the same apart from the response letter's.
    const petition = (rep: typeof before) =>
      rep.findings
        .filter((f) => !f.places.some((p) => p.target?.startsWith('rfe_response')))
        .map((f) => f.key)
        .sort();
    expect(petition(after)).toEqual(petition(before));
  });
});
