/**
 * The form-edition registry and the static-file catalogue for staff (issue 11 §7, §8): the shipped blanks are
 * registered with their edition and sha256; staff supply a blank only when it identifies as that edition;
 * staff replace the ETA-9089 files without a release. (This file alone touches the registry's G-1450 row and
 * the ETA-9089 form/instructions keys: on PostgreSQL every test file shares one database.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { ZEta9089Page, ZFormEdition } from '@dossier/contract';
import { SHIPPED_BLANKS } from '@dossier/forms/blanks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInCI, SHARED_DIR } from '../../../scripts/ci.mjs';
import { editionRow, loadBlank } from '../src/modules/forms/editions.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, buyer, injectAs } from './factories.ts';
import { newStaff } from './staff-factories.ts';
import { samplePdf } from './upload-helpers.ts';

let t: TestApp;
/** A content editor's bearer header (signed in in beforeAll). */
let staff: { authorization: string };
let editorName: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
  const editor = await newStaff(t, 'content_editor');
  staff = editor.auth;
  editorName = editor.username;
});
afterAll(() => t.close());

/** The official G-1450 blank is not shipped (outdated edition): it comes from ../shared, which a fresh clone lacks. */
const G1450 = `${SHARED_DIR}/forms/g-1450-2019-09-27.pdf`;
const haveG1450 = requiredInCI(existsSync(G1450), 'staff-supplied G-1450 blank', `${G1450} not found`);
const g1450Blank = () => new Uint8Array(readFileSync(G1450));
/** A shipped blank of another form (packages/forms/blanks). */
const g1145 = () =>
  new Uint8Array(
    readFileSync(new URL('../../../packages/forms/blanks/g-1145-2014-09-26.pdf', import.meta.url)),
  );
const put = (
  url: string,
  body: Uint8Array,
  contentType = 'application/pdf',
  headers: Record<string, string> = staff,
) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload: Buffer.from(body),
  });

describe('form-edition registry', () => {
  it('lists the known editions: which is current, its expiry, its blank (shipped with its sha256)', async () => {
    expect((await t.app.inject({ url: '/api/staff/form_edition/' })).statusCode).toBe(401);
    const r = await t.app.inject({ url: '/api/staff/form_edition/', headers: staff });
    expect(r.statusCode).toBe(200);
    const rows = ZFormEdition.array().parse(r.json());
    const by = (f: string) => rows.find((x) => x.form_number === f)!;
    expect(by('I-140')).toMatchObject({
      edition: '06/07/24',
      current: true,
      expires: '2027-02-28',
      blank: 'shipped',
      blank_sha256: SHIPPED_BLANKS.find((b) => b.form === 'I-140')!.sha256,
      fillable: true,
    });
    expect(by('I-907')).toMatchObject({ current: true, blank: 'shipped', fillable: true });
    expect(by('G-1145')).toMatchObject({ current: true, blank: 'shipped', expires: null });
    expect(by('G-1450')).toMatchObject({ edition: '09/27/19', current: false, fillable: true });
    expect(by('G-1650')).toMatchObject({ current: true, blank: null, fillable: false });
  });

  it('a shipped blank is read back only when its sha256 matches the registry', async () => {
    const row = (await editionRow(t.ctx.db.db, 'G-1145', '09/26/14'))!;
    const bytes = await loadBlank(t.ctx, row);
    expect(bytes.length).toBe(SHIPPED_BLANKS.find((b) => b.form === 'G-1145')!.bytes);
    await expect(loadBlank(t.ctx, { ...row, blankSha256: '0'.repeat(64) })).rejects.toThrow(/sha256/);
  });

  it.runIf(haveG1450)(
    'staff supply a blank only when it identifies as exactly that form and edition',
    async () => {
      const url = '/api/staff/form_edition/blank/?form_number=G-1450&edition=09/27/19';
      expect((await put(url, g1450Blank(), 'application/pdf', {} as never)).statusCode).toBe(401);
      const wrong = await put(url, g1145());
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        code: 'blank_wrong_edition',
        msg: '该文件不是官方 G-1450 表 09/27/19 版',
      });
      const junk = await put(url, new TextEncoder().encode('%PDF-1.7 not really'));
      expect(junk.json().code).toBe('blank_wrong_edition');
      const ok = await put(url, g1450Blank());
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ form_number: 'G-1450', blank: 'uploaded', current: false });
      const row = (await editionRow(t.ctx.db.db, 'G-1450', '09/27/19'))!;
      expect(row.blankUploadedBy).toBe(editorName);
      expect((await loadBlank(t.ctx, row)).length).toBe(g1450Blank().length);
      // Still an outdated edition: the customer is still sent to uscis.gov, never given the old blank.
      const user = await buyer(t);
      const c = (await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user })).json();
      const g1450 = c.forms.find((f: { form_number: string }) => f.form_number === 'G-1450');
      expect(g1450.pdf).toMatchObject({ available: false, reason: 'outdated_edition' });
    },
  );
});

describe('ETA-9089 files in the static-file catalogue', () => {
  it('staff replace the form and its instructions without a release; the NIW page then offers them', async () => {
    const user = await buyer(t, 'USA_NIW');
    const c = (await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_NIW', { user })).json();
    const page = async (lang = 'en') =>
      ZEta9089Page.parse(
        (await injectAs(t, 'GET', `/api/customer/case/${c.id}/eta9089/`, { user, lang })).json(),
      );
    const before = await page();
    expect(before.files.map((f) => [f.kind, f.available])).toEqual([
      ['form', false],
      ['instructions', false],
      ['guide', true],
    ]);
    expect(before.files[0]).toMatchObject({
      name: 'Form ETA-9089 with appendices (blank)',
      url: null,
      official_url: 'https://www.dol.gov/agencies/eta/foreign-labor/forms',
    });

    const pdf = await samplePdf(2, 'ETA-9089'); // any PDF stands in for DOL's file here
    expect(
      (await put('/api/staff/static_file/eta9089.form/', pdf, 'application/pdf', {} as never)).statusCode,
    ).toBe(401);
    const notPdf = await put('/api/staff/static_file/eta9089.form/', new TextEncoder().encode('hello'));
    expect(notPdf.statusCode).toBe(415);
    const unknownKey = await put('/api/staff/static_file/template.cv/', pdf);
    expect(unknownKey.statusCode).toBe(400);
    const r = await put('/api/staff/static_file/eta9089.form/', pdf);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      key: 'eta9089.form',
      size: pdf.length,
      content_type: 'application/pdf',
    });

    const after = await page('zh');
    expect(after.files[0]).toMatchObject({ available: true, name: 'ETA-9089 表及附录（空白）' });
    const dl = await injectAs(t, 'GET', after.files[0]!.url!, { user });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.length).toBe(pdf.length);
    // The catalogue lists it for everyone, in the caller's language.
    const list = (await injectAs(t, 'GET', '/api/customer/messy/static_files/', { lang: 'en' })).json();
    expect(list.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['eta9089.form', 'eta9089.guide']),
    );
    // An EB-1A case is told the form is not needed.
    const eb = await buyer(t, 'USA_EB1A');
    const ec = (await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user: eb })).json();
    const ebPage = (await injectAs(t, 'GET', `/api/customer/case/${ec.id}/eta9089/`, { user: eb })).json();
    expect(ebPage.required).toBe(false);
  });
});
