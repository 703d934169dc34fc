/**
 * Issue 11 acceptance: an EB-1A and an NIW self-petitioner fill every form through the API, submit the forms
 * stage, and download each filled PDF; independent readers (poppler with system fonts hidden, pdf.js, qpdf)
 * see the values, the petition-type box (1.a / 1.h), Part 5 "Self" and empty signatures. Forms whose current
 * edition cannot be filled here answer a plain refusal naming uscis.gov — never a blank page.
 */
import { type TCaseSummary, ZCaseSummary, ZEta9089Page, ZImmigrationData } from '@dossier/contract';
import { EB1A_SAMPLE, type FormValues, NIW_SAMPLE } from '@dossier/forms';
import { resources } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { fakeUpload } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, type LoggedIn, openCase } from './factories.ts';
import {
  type PdfJsField,
  pageCount,
  pdfjsFieldObjects,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from './pdf-assertions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const tools = pdfToolsAvailable();
const S = (n: number, name: string) => `form1[0].#subform[${n}].${name}`;
const value = (objs: Record<string, PdfJsField[]>, name: string) => objs[name]?.[0]?.value;
const errMsg = (lang: 'zh' | 'en', code: string) => (resources[lang].errors as Record<string, string>)[code];

/** Saves a form complete through the API (the wizard's "Save and continue" / "Finish and submit"). */
async function fill(user: LoggedIn, c: TCaseSummary, form: string, values: FormValues, submit = false) {
  const id = c.forms.find((f) => f.form_number === form)!.id;
  const current = (await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user })).json();
  const r = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${id}/`, {
    user,
    payload: { version: current.version, mode: 'save', values, submit },
  });
  expect(r.statusCode, `${form}: ${r.body}`).toBe(200);
  return r.json() as { data: unknown; msg: string; stage_submitted: boolean; next_stage: string | null };
}

async function download(user: LoggedIn, c: TCaseSummary, form: string) {
  const f = c.forms.find((x) => x.form_number === form)!;
  const r = await injectAs(t, 'GET', `/api/customer/immigration_data/${f.id}/pdf/`, { user });
  return r;
}

async function pdfOf(user: LoggedIn, c: TCaseSummary, form: string) {
  const r = await download(user, c, form);
  expect(r.statusCode, `${form}: ${r.body.slice(0, 300)}`).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  expect(r.headers['content-disposition']).toBe(`attachment; filename="${form}-filled.pdf"`);
  const bytes = new Uint8Array(r.rawPayload);
  const objs = await pdfjsFieldObjects(bytes);
  if (!tools) return { bytes, objs, text: '' };
  const path = writeTempPdf(bytes, `${form}.pdf`);
  const check = qpdfCheck(path);
  expect(check.status, check.output).toBe(0);
  return { bytes, objs, text: pdftotext(path), pages: pageCount(path) };
}

/** Every signature widget of the PDF is empty (signed by hand after printing). */
function expectSignaturesEmpty(objs: Record<string, PdfJsField[]>) {
  const sigs = Object.keys(objs).filter(
    (n) => /signature/i.test(n.slice(n.lastIndexOf('.'))) && !/date/i.test(n),
  );
  expect(sigs.length).toBeGreaterThan(0);
  for (const n of sigs) expect(value(objs, n) ?? '', n).toBe('');
}

describe('EB-1A self-petitioner (in the U.S., premium processing, card)', () => {
  it('fills every form, submits the forms stage and downloads each filled PDF', {
    timeout: 180_000,
  }, async () => {
    const { user, c } = await openCase(t, 'USA_EB1A', { premium_processing: true, payment_method: 'G-1450' });
    expect(c.forms.map((f) => f.form_number)).toEqual(['I-140', 'I-907', 'G-1145', 'G-1450']);

    // A form not yet saved cannot be downloaded.
    const early = await download(user, c, 'I-140');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'form_not_saved', msg: errMsg('en', 'form_not_saved') });

    const f = EB1A_SAMPLE.forms;
    await fill(user, c, 'I-140', f['I-140']!);
    await fill(user, c, 'I-907', f['I-907']!);
    await fill(user, c, 'G-1145', f['G-1145']!);
    // The wizard may leave the authorised amount to the server: one copy per payment, each with its fee.
    const last = await fill(user, c, 'G-1450', { ...f['G-1450']!, 'p3.amount': null }, true);
    expect(last).toMatchObject({
      stage_submitted: true,
      next_stage: 'evidence',
      msg: 'This stage is already submitted: go on to the next step',
    });
    const g1450 = ZImmigrationData.parse(last.data);
    expect(g1450.computed_items).toEqual(['p3.amount']);
    expect(g1450.payments.map((p) => [p.key, p.amount_cents, p.pdf_url])).toEqual([
      ['i140', 71_500, null],
      ['asylumProgramSelf', 30_000, null],
      ['i907', 296_500, null],
    ]);

    const after = ZCaseSummary.parse(
      (await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user })).json(),
    );
    expect(after.stages[0]).toMatchObject({
      key: 'forms',
      status: 'submitted',
      progress: { done: 4, total: 4 },
    });
    expect(after.current_stage).toBe('evidence');

    // I-140: values, 1.a, Part 5 Self, fee answers, no signature.
    const i140 = await pdfOf(user, c, 'I-140');
    const part2 = Object.keys(i140.objs).filter((n) => /\.prt2PetitionType\[\d\]$/.test(n));
    expect(part2).toHaveLength(8);
    expect(part2.map((n) => value(i140.objs, n)).filter((v) => v !== 'Off')).toEqual(['a']);
    expect(value(i140.objs, S(2, 'Line1b_Self[0]'))).toBe('Y');
    expect(value(i140.objs, S(2, 'Line1a_Employer[0]'))).toBe('Off');
    expect(value(i140.objs, S(0, 'P1_Line5_Checkbox[0]'))).toBe('N');
    expect(value(i140.objs, S(0, 'P1_Line6_Checkbox[1]'))).toBe('Y');
    expect(value(i140.objs, S(0, 'Pt1Line1a_FamilyName[0]'))).toBe('CHEN');
    expect(value(i140.objs, S(1, 'Pt3Line1b_GivenName[0]'))).toBe('Siyuan');
    expect(value(i140.objs, S(1, 'Line5_DateOfBirth[0]'))).toBe('03/14/1988');
    expect(value(i140.objs, S(2, 'Line3b_GivenName2[0]'))).toBe('思远');
    expectSignaturesEmpty(i140.objs);
    if (tools) {
      expect(i140.pages).toBe(8);
      for (const s of [
        'CHEN',
        'Siyuan',
        '45 Prospect Street',
        'Cambridge',
        'Computational Biologist',
        '思远',
      ]) {
        expect(i140.text).toContain(s);
      }
      expect(i140.text).not.toContain('Siyuan CHEN');
    }

    // I-907: the petitioner's request for the I-140, classification E11, no signature.
    const i907 = await pdfOf(user, c, 'I-907');
    expect(value(i907.objs, S(1, 'Part1_Line8_CheckBox[2]'))).toBe('A');
    expect(value(i907.objs, S(1, 'P2_Line1_FormNumberof[0]'))).toBe('I-140');
    expect(value(i907.objs, S(0, 'Pt1Line3_FamilyName[0]'))).toBe('CHEN');
    expectSignaturesEmpty(i907.objs);
    if (tools) {
      for (const s of ['CHEN', 'Siyuan', 'E11 - Alien of Extraordinary Ability', 'siyuan.chen@example.com']) {
        expect(i907.text).toContain(s);
      }
    }

    // G-1145: names, e-mail and mobile from the profile.
    const g1145 = await pdfOf(user, c, 'G-1145');
    expect(value(g1145.objs, S(0, 'LastName[0]'))).toBe('CHEN');
    expect(value(g1145.objs, S(0, 'Email[0]'))).toBe('siyuan.chen@example.com');
    expect(value(g1145.objs, S(0, 'MobilePhoneNumber[0]'))).toBe('6175550142');
    if (tools) expect(g1145.text).toContain('siyuan.chen@example.com');

    // G-1450: only the outdated 09/27/19 edition is mapped — refused, naming where to get the current one.
    for (const lang of ['en', 'zh'] as const) {
      const id = c.forms.find((x) => x.form_number === 'G-1450')!.id;
      const r = await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/pdf/`, { user, lang });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('form_edition_outdated');
      expect(r.json().msg).toContain('https://www.uscis.gov/g-1450');
      expect(r.json().msg).toContain('09/27/19');
    }
  });
});

describe('NIW self-petitioner (in China, no premium processing, ACH)', () => {
  it('fills every form, downloads the I-140 (1.h) and the G-1145; G-1650 and ETA-9089 say where to get them', {
    timeout: 180_000,
  }, async () => {
    const { user, c } = await openCase(t, 'USA_NIW', { payment_method: 'G-1650' });
    expect(c.forms.map((f) => f.form_number)).toEqual(['I-140', 'G-1145', 'G-1650']);
    const f = NIW_SAMPLE.forms;
    await fill(user, c, 'I-140', f['I-140']!);
    await fill(user, c, 'G-1145', f['G-1145']!);
    // The signed Form ETA-9089 with Appendix A is one of NIW's forms (decision 0060): uploaded before submitting.
    const upload_id = await fakeUpload(
      t,
      { user, caseId: c.id, project: 'USA_NIW' },
      { name: 'eta9089-signed.pdf' },
    );
    const signed = await injectAs(t, 'PUT', `/api/customer/case/${c.id}/eta9089/signed/form/`, {
      user,
      payload: { upload_id },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const last = await fill(user, c, 'G-1650', f['G-1650']!, true);
    expect(last.stage_submitted).toBe(true);

    const i140 = await pdfOf(user, c, 'I-140');
    const part2 = Object.keys(i140.objs).filter((n) => /\.prt2PetitionType\[\d\]$/.test(n));
    expect(part2.map((n) => value(i140.objs, n)).filter((v) => v !== 'Off')).toEqual(['h']);
    expect(value(i140.objs, S(2, 'Line1b_Self[0]'))).toBe('Y');
    expect(value(i140.objs, S(1, 'Line1a_Visa[0]'))).toBe('1a');
    expect(value(i140.objs, S(0, 'Line6h_Province[0]'))).toBe('Sichuan');
    expectSignaturesEmpty(i140.objs);
    if (tools) {
      for (const s of [
        'WANG',
        'Jiahui',
        'Chengdu',
        'Sichuan',
        'Environmental Engineer',
        '王',
        '佳慧',
        'Guangzhou',
      ]) {
        expect(i140.text).toContain(s);
      }
    }
    const g1145 = await pdfOf(user, c, 'G-1145');
    expect(value(g1145.objs, S(0, 'FirstName[0]'))).toBe('Jiahui');

    const g1650 = await download(user, c, 'G-1650');
    expect(g1650.statusCode).toBe(409);
    expect(g1650.json()).toEqual({
      code: 'form_blank_missing',
      msg: 'The official G-1650 (edition 06/03/25) cannot be filled here yet. Download the current edition from https://www.uscis.gov/g-1650, fill it in by hand with your saved answers and sign it',
    });

    // ETA-9089: the page says which edition applies; the bilingual guide comes from the static-file catalogue.
    const page = ZEta9089Page.parse(
      (await injectAs(t, 'GET', `/api/customer/case/${c.id}/eta9089/`, { user })).json(),
    );
    expect(page.required).toBe(true);
    expect(page.edition.since).toBe('2023-06-01');
    // (forms-staff.test.ts covers the form and instructions, which staff upload.)
    expect(page.files.map((x) => x.kind)).toEqual(['form', 'instructions', 'guide']);
    expect(page.files[2]!.available).toBe(true);
    const guide = await injectAs(t, 'GET', page.files[2]!.url!, { user });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toBe('application/pdf');
    if (tools) {
      const text = pdftotext(writeTempPdf(new Uint8Array(guide.rawPayload), 'guide.pdf'));
      expect(text).toContain('EB-2 NIW 自行申请中的 ETA-9089 表：填写指南');
      expect(text).toContain('Form ETA-9089 in an EB-2 NIW self-petition: filling guide');
      expect(text).toContain('employer');
    }
  });
});

describe('stage submission', () => {
  it('is refused while a form is unfilled, and an edit after submitting reopens the stage', async () => {
    const { user, c } = await openCase(t, 'USA_EB1A', {});
    const submit = (stage: string, lang = 'en') =>
      injectAs(t, 'POST', `/api/customer/case/${c.id}/submit_stage/`, { user, payload: { stage }, lang });
    const early = await submit('forms', 'zh');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'stage_incomplete', msg: errMsg('zh', 'stage_incomplete') });
    // Every stage has its module now: evidence (nothing claimed), the petition (no letter) and the checklist
    // (no part complete) are incomplete.
    expect((await submit('evidence')).json().code).toBe('stage_incomplete');
    expect((await submit('petition')).json().code).toBe('stage_incomplete');
    expect((await submit('readme')).json().code).toBe('stage_incomplete');

    const f = EB1A_SAMPLE.forms;
    await fill(user, c, 'I-140', f['I-140']!);
    await fill(user, c, 'G-1145', f['G-1145']!);
    // Save without submit: complete, not submitted.
    await fill(user, c, 'G-1450', f['G-1450']!);
    let summary = ZCaseSummary.parse(
      (await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user })).json(),
    );
    expect(summary.stages[0]!.status).toBe('complete');
    const ok = await submit('forms');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: 'This stage is already submitted: go on to the next step',
      next_stage: 'evidence',
    });
    expect(ok.json().case.stages[0].status).toBe('submitted');
    // A draft does not reopen it; a saved change does.
    const id = c.forms.find((x) => x.form_number === 'G-1145')!.id;
    const cur = (await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user })).json();
    await injectAs(t, 'PATCH', `/api/customer/immigration_data/${id}/`, {
      user,
      payload: { version: cur.version, mode: 'draft', values: { 'p1.last': 'CHE' } },
    });
    summary = ZCaseSummary.parse((await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user })).json());
    expect(summary.stages[0]!.status).toBe('submitted');
    await fill(user, c, 'G-1145', { ...f['G-1145']!, 'p1.mobile': '6175550199' });
    summary = ZCaseSummary.parse((await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user })).json());
    expect(summary.stages[0]!.status).toBe('complete');
    expect(summary.current_stage).toBe('forms');
  });
});
