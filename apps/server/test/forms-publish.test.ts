/**
 * Issue 30 item 4: staff publish a form edition without a release — the real G-1450 09/27/19 blank uploaded, its
 * fields listed with their tooltips, the mapping proposed from the definition and confirmed, a test fill looked at
 * as pictures, the publication with an effective date — and the customer's packet: before, a "fill by hand" page
 * at the payment form's place and a checklist warning; after, the filled form there (read back with pdftotext).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZEditionMapping, ZEditionTestFill } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInCI, SHARED_DIR } from '../../../scripts/ci.mjs';
import type { TestApp } from './build-test-app.ts';
import { onCase } from './evidence-helpers.ts';
import { buyer, injectAs } from './factories.ts';
import { type ReadyCase, readyCase, settledPacket, startWorkerApp } from './packet-helpers.ts';
import { pdfToolsAvailable, pdftotext, writeTempPdf } from './pdf-assertions.ts';
import { newStaff } from './staff-factories.ts';
import { stopUploadApp } from './upload-helpers.ts';

const G1450 = `${SHARED_DIR}/forms/g-1450-2019-09-27.pdf`;
const haveG1450 = requiredInCI(existsSync(G1450), 'staff-supplied G-1450 blank', `${G1450} not found`);
const tools = pdfToolsAvailable();

let t: TestApp;
let editor: { authorization: string };
let reviewer: { authorization: string };
beforeAll(async () => {
  t = await startWorkerApp();
  editor = (await newStaff(t, 'content_editor')).auth;
  reviewer = (await newStaff(t, 'reviewer')).auth;
});
afterAll(() => stopUploadApp(t));

const Q = '?form_number=G-1450&edition=09/27/19';
const staffCall = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  headers: object,
  payload?: unknown,
) => {
  const pdf = payload instanceof Uint8Array;
  return t.app.inject({
    method,
    url: `/api/staff/form_edition/${path}`,
    headers: { ...headers, ...(pdf ? { 'content-type': 'application/pdf' } : {}) },
    ...(payload === undefined ? {} : { payload: (pdf ? Buffer.from(payload) : payload) as object }),
  });
};

/** The packet's pages of the G-1450 copies (outline children of the forms node titled G-1450), as text. */
async function g1450Pages(o: ReadyCase) {
  const r = await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/packet/file/`, { user: o.user });
  expect(r.statusCode).toBe(200);
  const path = writeTempPdf(new Uint8Array(r.rawPayload), `g1450-${o.caseId}.pdf`);
  const p = await settledPacket(t, o);
  const forms = p.file!.outline[1]!;
  return forms.children.flatMap((c, i) => {
    if (!c.title.startsWith('G-1450')) return [];
    const last = (forms.children[i + 1]?.page ?? p.file!.outline[2]!.page) - 1;
    return [pdftotext(path, { first: c.page, last }).replace(/\s+/g, ' ')];
  });
}

async function generate(o: ReadyCase) {
  const r = await onCase(t, o)('POST', 'packet/');
  expect(r.statusCode, r.body).toBe(200);
  const done = await settledPacket(t, o);
  expect(done.state, JSON.stringify(done.error)).toBe('ready');
  return done;
}

describe('a payment-form edition published by staff', () => {
  it.runIf(haveG1450 && tools)(
    'upload → fields with tooltips → proposal → confirm → test fill → publish; the packet before and after',
    { timeout: 600_000 },
    async () => {
      // The customer's case first: no published G-1450, so the packet holds the "fill by hand" page.
      const o = await readyCase(t, 'EB1A');
      const readme = async (lang: string) =>
        ((await onCase(t, o)('GET', 'readme/', undefined, lang)).json().warnings as Array<{ msg: string }>)
          .map((w) => w.msg)
          .join('\n');
      expect(await readme('en')).toContain('"fill by hand" page');
      expect(await readme('zh')).toContain('“手工填写”');
      await generate(o);
      const before = await g1450Pages(o);
      // One per payment: the I-907 fee, the I-140 fee and the Asylum Program Fee, each its own.
      expect(before.length).toBe(3);
      for (const page of before) {
        expect(page).toContain('Form G-1450 — fill in by hand');
        expect(page).toContain('Authorized Payment Amount');
        expect(page).toContain('(write by hand)');
        expect(page).not.toContain('4111');
      }
      expect(before.join(' ')).toContain('$715');
      expect(before.join(' ')).toContain('$300');

      // Staff: the blank, its fields and tooltips, the proposal.
      expect((await staffCall('PUT', `blank/${Q}`, editor, readFileSync(G1450))).statusCode).toBe(200);
      const m = await staffCall('GET', `mapping/${Q}`, editor);
      expect(m.statusCode, m.body).toBe(200);
      const mapping = ZEditionMapping.parse(m.json());
      const family = mapping.fields.find((f) => f.name === 'form1[0].#subform[0].FamilyName[0]');
      expect(family?.tooltip).toMatch(/Enter Family Name \(Last Name\)/);
      const item = (id: string) => mapping.items.find((i) => i.item === id)!;
      expect(item('p1.family').proposed).toEqual([{ field: 'form1[0].#subform[0].FamilyName[0]', score: 1 }]);
      expect(item('p3.amount').fields).toEqual(['form1[0].#subform[0].AuthorizedPaymentAmt[0]']);
      expect(item('p2.unit_type').fields).toEqual(['CCHolderAptSteFlr_Unit']);
      expect(mapping.by_hand).toEqual(expect.arrayContaining(['p3.number', 'p3.expiry', 'p3.type']));
      expect(mapping.items.map((i) => i.item)).not.toContain('p3.number');
      expect(mapping.complete).toBe(false);

      // Not publishable before every item is confirmed; a wrong field kind is refused.
      const today = t.clock.now().toISOString().slice(0, 10);
      const early = await staffCall('POST', `publish/${Q}`, editor, { effective_from: today });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('edition_mapping_incomplete');
      const wrongKind = await staffCall('PUT', `mapping/${Q}`, editor, {
        items: [{ item: 'p1.family', fields: ['form1[0].#subform[0].CreditCardTypeChBx[0]'] }],
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().code).toBe('edition_mapping_invalid');
      const saved = await staffCall('PUT', `mapping/${Q}`, editor, {
        items: mapping.items.map((i) => ({ item: i.item, fields: i.fields })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(ZEditionMapping.parse(saved.json()).complete).toBe(true);

      // The test fill: the sample case rendered, pictures to look at.
      const fill = await staffCall('POST', `test_fill/${Q}`, editor);
      expect(fill.statusCode, fill.body).toBe(200);
      const pictures = ZEditionTestFill.parse(fill.json());
      expect(pictures.pages.length).toBe(pictures.page_count);
      expect(Buffer.from(pictures.pages[0]!.png, 'base64').subarray(1, 4).toString()).toBe('PNG');
      expect(pictures.filled).toBeGreaterThan(10);
      // A server without the page renderer says so (503 with its reason), never a bare 500.
      const path = process.env.PATH;
      process.env.PATH = mkdtempSync(join(tmpdir(), 'dossier-nopath-'));
      try {
        const bare = await staffCall('POST', `test_fill/${Q}`, editor);
        expect(bare.statusCode, bare.body).toBe(503);
        expect(bare.json()).toMatchObject({
          code: 'edition_render_unavailable',
          msg: expect.stringContaining('未安装 PDF 渲染程序'),
        });
      } finally {
        process.env.PATH = path;
      }

      // Bad dates are refused; a content editor publishes.
      for (const bad of ['2019-02-30', 'tomorrow', '1999-12-31']) {
        expect((await staffCall('POST', `publish/${Q}`, editor, { effective_from: bad })).statusCode).toBe(
          400,
        );
      }
      const far = await staffCall('POST', `publish/${Q}`, editor, { effective_from: '2099-01-01' });
      expect(far.json().code).toBe('edition_date_invalid');
      const published = await staffCall('POST', `publish/${Q}`, editor, { effective_from: today });
      expect(published.statusCode, published.body).toBe(200);
      expect(ZEditionMapping.parse(published.json())).toMatchObject({ effective_from: today });

      const listed = await staffCall('GET', '', editor);
      expect(listed.json().find((e: { form_number: string }) => e.form_number === 'G-1450')).toMatchObject({
        effective_from: today,
      });

      // The customer's next packet holds the filled form at its place, the amount and the name on it.
      expect(await readme('en')).not.toContain('fill by hand');
      await generate(o);
      const after = await g1450Pages(o);
      expect(after.length).toBe(3);
      const id = o.c.forms.find((f) => f.form_number === 'G-1450')!.id;
      const values = (
        await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user: o.user })
      ).json().values as Record<string, string>;
      for (const page of after) {
        expect(page).not.toContain('fill in by hand');
        expect(page).toContain('Authorization for Credit Card Transactions');
        expect(page).toContain(values['p1.family']!);
        expect(page).not.toContain('4111');
      }
      expect(after.join(' ')).toMatch(/\b715\b/);
      expect(after.join(' ')).toMatch(/\b300\b/);

      // Withdrawn (a mistake): the checklist says "by hand" again; the map stays for the next publication.
      const withdrawn = await staffCall('DELETE', `publish/${Q}`, editor);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(ZEditionMapping.parse(withdrawn.json())).toMatchObject({ effective_from: null, complete: true });
      expect(await readme('en')).toContain('"fill by hand" page');
    },
  );
});

describe('who may map and publish', () => {
  it('customers and staff without the content role are refused; unknown editions and bad ids are 4xx', async () => {
    const customer = (await buyer(t)).auth;
    for (const [method, path] of [
      ['GET', `mapping/${Q}`],
      ['PUT', `mapping/${Q}`],
      ['POST', `test_fill/${Q}`],
      ['POST', `publish/${Q}`],
      ['DELETE', `publish/${Q}`],
    ] as const) {
      const body =
        method === 'GET' || method === 'DELETE' ? undefined : { items: [], effective_from: '2026-01-01' };
      expect((await staffCall(method, path, {}, body)).statusCode).toBe(401);
      expect([401, 403]).toContain((await staffCall(method, path, customer, body)).statusCode);
      expect((await staffCall(method, path, reviewer, body)).statusCode).toBe(403);
    }
    const unknown = await staffCall('GET', 'mapping/?form_number=G-1450&edition=01/01/01', editor);
    expect(unknown.statusCode).toBe(404);
    expect((await staffCall('GET', 'mapping/?form_number=X-1&edition=09/27/19', editor)).statusCode).toBe(
      400,
    );
    const long = await staffCall('GET', `mapping/?form_number=G-1450&edition=${'9'.repeat(40)}`, editor);
    expect(long.statusCode).toBe(400);
    const noBlank = await staffCall('GET', 'mapping/?form_number=G-1650&edition=06/03/25', editor);
    expect(noBlank.statusCode).toBe(409);
    expect(noBlank.json().code).toBe('edition_no_blank');
  });
});
