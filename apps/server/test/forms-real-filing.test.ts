/**
 * Issue 28 items 1 and 8 over HTTP. An approved self-petition's choices — Part 4 item 1 left blank, "N/A" for a
 * receipt number not issued yet, one answer overridden for one form — save on every form and print in the
 * filled PDF as written. What the intake desk checks is checked: the Asylum Program Fee against I-140 Part 1
 * items 5/6 blocks the checklist (the form still saves and prints), Schedule A on a self-petition is refused,
 * typed signature dates that disagree or are old are warnings with a link to the field.
 */
import {
  type TCaseSummary,
  type TImmigrationData,
  type TReadme,
  ZImmigrationData,
  ZReadme,
} from '@dossier/contract';
import { EB1A_SAMPLE, type FormValues, NIW_SAMPLE } from '@dossier/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, injectAs, type LoggedIn, openCase } from './factories.ts';
import {
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
type Owner = { user: LoggedIn; c: TCaseSummary };

const idOf = (o: Owner, form: string) => o.c.forms.find((f) => f.form_number === form)!.id;
const url = (o: Owner, form: string) => `/api/customer/immigration_data/${idOf(o, form)}/`;

async function view(o: Owner, form: string, lang: 'en' | 'zh' = 'en'): Promise<TImmigrationData> {
  const r = await injectAs(t, 'GET', url(o, form), { user: o.user, lang });
  expect(r.statusCode, r.body).toBe(200);
  return ZImmigrationData.parse(r.json());
}

/** A save as the wizard sends it: the whole answer set shown (profile values included) with `values` typed over it. */
async function save(o: Owner, form: string, values: FormValues, lang: 'en' | 'zh' = 'en') {
  const current = await view(o, form);
  return injectAs(t, 'PATCH', url(o, form), {
    user: o.user,
    lang,
    payload: { version: current.version, mode: 'save', values: { ...current.values, ...values } },
  });
}

async function saved(o: Owner, form: string, values: FormValues): Promise<TImmigrationData> {
  const r = await save(o, form, values);
  expect(r.statusCode, `${form}: ${r.body}`).toBe(200);
  return ZImmigrationData.parse(r.json().data);
}

async function pdf(o: Owner, form: string) {
  const r = await injectAs(t, 'GET', `${url(o, form)}pdf/`, { user: o.user });
  expect(r.statusCode, `${form}: ${r.body.slice(0, 300)}`).toBe(200);
  const bytes = new Uint8Array(r.rawPayload);
  const fields = await pdfjsFieldObjects(bytes);
  const value = (name: string) => fields[name]?.[0]?.value;
  if (!tools) return { value, text: '' };
  const path = writeTempPdf(bytes, `${form}.pdf`);
  expect(qpdfCheck(path).status).toBe(0);
  return { value, text: pdftotext(path) };
}

async function readme(o: Owner, lang: 'en' | 'zh' = 'en'): Promise<TReadme> {
  const r = await injectAs(t, 'GET', `/api/customer/case/${o.c.id}/readme/`, { user: o.user, lang });
  expect(r.statusCode, r.body).toBe(200);
  return ZReadme.parse(r.json());
}

const eb = EB1A_SAMPLE.forms;
/** The approved filing's I-140: Part 4 item 1 blank, N/A where nothing applies, Part 3's address its own. */
const APPROVED_I140: FormValues = {
  ...eb['I-140']!,
  'p4.1': null,
  'p4.2b': null,
  'p1.2': 'N/A',
  'p1.4': 'N/A',
  'p3.8': 'None',
  'p3.2b': '12 Elm Street', // the beneficiary's street differs from the petitioner's mailing address
};

describe('an approved self-petition as filed (issue 28 item 1)', () => {
  it('saves on every form — Part 4 item 1 blank, receipt "N/A", an override — and prints the N/A', {
    timeout: 120_000,
  }, async () => {
    const o = await openCase(t, 'USA_EB1A', { premium_processing: true, payment_method: 'G-1450' });
    const i140 = await saved(o, 'I-140', APPROVED_I140);
    expect(i140.status).toBe('complete');
    const at = (id: string) =>
      i140.issues.filter((i) => i.item_id === id).map((i) => `${i.severity}:${i.code}`);
    expect(at('p4.1')).toEqual(['warning:unanswered']);
    expect(at('p3.2b')).toEqual(['warning:profile_override']);
    expect(i140.issues.every((i) => i.severity === 'warning')).toBe(true);
    // The override is this form's; the profile keeps Part 1's street for every other form.
    expect(i140.overrides).toContain('p3.2b');
    expect(i140.sources['p3.2b']).toBe('override');
    expect(i140.values['p3.2b']).toBe('12 Elm Street');
    const i907 = await saved(o, 'I-907', { ...eb['I-907']!, 'p2.2': 'N/A' });
    expect(i907.status).toBe('complete');
    expect(i907.values['p1.5_street']).toBe(eb['I-140']!['p1.3b']);
    expect((await saved(o, 'G-1145', eb['G-1145']!)).status).toBe('complete');
    expect((await saved(o, 'G-1450', eb['G-1450']!)).status).toBe('complete');

    const p140 = await pdf(o, 'I-140');
    expect(p140.value(S(0, 'Line2_CompanyName[0]'))).toBe('N/A');
    expect(p140.value(S(1, 'Line11_Alien[0].Pt3Line8_AlienNumber[0]'))).toBe('None');
    expect(p140.value(S(1, 'Line2b_StreetNumberName[0]'))).toBe('12 Elm Street');
    expect(p140.value(S(0, 'Line6b_StreetNumberName[0]'))).toBe('45 Prospect Street');
    expect(p140.value(S(1, 'Line1a_Visa[0]'))).toBe('Off');
    expect(p140.value(S(1, 'Line1b_Status[0]'))).toBe('Off');
    const p907 = await pdf(o, 'I-907');
    expect(p907.value(S(1, 'P2_Line2_ReceiptNumberof[0]'))).toBe('N/A');
    if (tools) {
      expect(p140.text).toContain('N/A');
      expect(p140.text).toContain('12 Elm Street');
      expect(p907.text).toContain('N/A');
    }
    await pdf(o, 'G-1145');
  });

  it('the NIW filing with an ACH payment saves with N/A in its "(if any)" items', async () => {
    const o = await openCase(t, 'USA_NIW', { payment_method: 'G-1650' });
    const nw = NIW_SAMPLE.forms;
    expect(
      (
        await saved(o, 'I-140', {
          ...nw['I-140']!,
          'p4.1': null,
          'p4.1b': null,
          'p4.1c': null,
          'p1.8': 'N/A',
        })
      ).status,
    ).toBe('complete');
    expect((await saved(o, 'G-1145', nw['G-1145']!)).status).toBe('complete');
    expect((await saved(o, 'G-1650', nw['G-1650']!)).status).toBe('complete');
    const p140 = await pdf(o, 'I-140');
    expect(p140.value(S(0, '#area[1].Pt1Line8_USCISOnlineActNumber[0]'))).toBe('N/A');
  });
});

describe('what the intake desk checks (issue 28 item 8)', () => {
  it('Part 1 items 5/6 answered No / No against the $300 fee charged: saved, printable, and the checklist blocks naming it', {
    timeout: 120_000,
  }, async () => {
    const o = await openCase(t, 'USA_EB1A', { payment_method: 'G-1450' });
    for (const form of ['I-140', 'G-1145', 'G-1450']) await saved(o, form, eb[form]!);
    expect((await readme(o)).parts.find((p) => p.key === 'forms')!.complete).toBe(true);

    const i140 = await saved(o, 'I-140', { ...eb['I-140']!, 'p1.6': 'no' });
    expect(i140.status).toBe('incomplete');
    expect(i140.issues.map((i) => [i.item_id, i.code, i.severity])).toEqual([
      ['p1.6', 'fee_answers_conflict', 'blocking'],
    ]);
    expect(i140.issues[0]!.message).toContain('$600');
    expect(i140.asylum_fee).toEqual({
      charged: 'reduced',
      cents: { exempt: 0, reduced: 30_000, standard: 60_000 },
    });
    await pdf(o, 'I-140'); // the form itself is valid: it prints

    for (const lang of ['en', 'zh'] as const) {
      const forms = (await readme(o, lang)).parts.find((p) => p.key === 'forms')!;
      expect(forms.complete).toBe(false);
      expect(forms.missing).toHaveLength(1);
      const item = forms.missing[0]!;
      expect(item).toMatchObject({ code: 'readme_fee_answers_conflict', tab: 'form', target: 'I-140/p1.6' });
      expect(item.msg).toContain('I-140');
      expect(item.msg).toContain(lang === 'en' ? 'item 6' : '第 6 项');
      expect(item.msg).toContain('$600');
      expect(item.msg).toContain('$300');
    }
    const confirm = await injectAs(t, 'POST', `/api/customer/case/${o.c.id}/readme/confirm/`, {
      user: o.user,
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('stage_incomplete');

    // Answered as a self-petitioner (No / Yes), the block is gone.
    expect((await saved(o, 'I-140', eb['I-140']!)).status).toBe('complete');
    expect((await readme(o)).parts.find((p) => p.key === 'forms')!.complete).toBe(true);
  });

  it('Schedule A (Part 2 item 2.b) is refused on an EB-1A, in both languages', async () => {
    const o = await openCase(t, 'USA_EB1A', {});
    for (const lang of ['en', 'zh'] as const) {
      const r = await save(o, 'I-140', { ...eb['I-140']!, 'p2.2': 'schedule_a' }, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('form_invalid');
      expect(r.json().issues).toEqual([
        expect.objectContaining({ item_id: 'p2.2', code: 'value_not_allowed', severity: 'error' }),
      ]);
      expect(r.json().issues[0].message).toContain(lang === 'en' ? 'Schedule A' : 'Schedule A');
    }
  });

  it('typed signature dates that differ across forms, or are old, are checklist warnings linking to the field', async () => {
    const o = await openCase(t, 'USA_EB1A', { premium_processing: true, payment_method: 'G-1450' });
    const today = (await view(o, 'I-140')).updated_at.slice(0, 10);
    const i140 = await saved(o, 'I-140', { ...eb['I-140']!, 'p8.6b': '2024-11-01' });
    expect(i140.status).toBe('complete');
    expect(i140.issues.map((i) => `${i.item_id}:${i.severity}:${i.code}`)).toEqual([
      'p8.6b:warning:signature_date_old',
    ]);
    await saved(o, 'I-907', { ...eb['I-907']!, 'p3.7_date': today });
    const warnings = (await readme(o)).warnings;
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'readme_form_warning', tab: 'form', target: 'I-140/p8.6b' }),
        expect.objectContaining({
          code: 'readme_signature_dates_differ',
          tab: 'form',
          target: 'I-140/p8.6b',
        }),
      ]),
    );
    const differ = warnings.find((w) => w.code === 'readme_signature_dates_differ')!;
    expect(differ.msg).toContain('11/01/2024');
    expect(differ.msg).toContain('I-907');
  });
});
