/**
 * Issue 11 §5: every rule of spec §5 is refused by the server with its localised message, by the same form
 * definitions the web validates with. One table: a valid answer set, one change, the item and code the server
 * must answer — and the message must be the one `validateForm` gives for that definition, in zh and in en.
 */
import { FEE_TABLE_CHECKED, type TCaseSummary } from '@dossier/contract';
import {
  EB1A_SAMPLE,
  type FormValues,
  getForm,
  I907_PREPARER_SAMPLE,
  NIW_SAMPLE,
  validateForm,
} from '@dossier/forms';
import { resources } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, injectAs, type LoggedIn, openCase } from './factories.ts';

let t: TestApp;
let eb1a: { user: LoggedIn; c: TCaseSummary };
let niw: { user: LoggedIn; c: TCaseSummary };
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
  eb1a = await openCase(t, 'USA_EB1A', { premium_processing: true, payment_method: 'G-1450' });
  niw = await openCase(t, 'USA_NIW', { payment_method: 'G-1650' });
});
afterAll(() => t.close());

const TODAY = '2026-11-21';
const I907_BASE: FormValues = EB1A_SAMPLE.forms['I-907']!;
const PREPARER = I907_PREPARER_SAMPLE;

interface Rule {
  rule: string;
  case: 'eb1a' | 'niw';
  form: string;
  change: FormValues;
  item: string;
  code: string;
}

/** [rule, case, form, change to its valid sample, item, code]: the sample is the case's (EB-1A or NIW) answers. */
type Row = [string, Rule['case'], string, FormValues, string, string];
const ROWS: Row[] = [
  // Required fields (spec §5: saved only when the required fields are complete).
  ['required text', 'eb1a', 'I-140', { 'p3.3': null }, 'p3.3', 'required'],
  ['unselected choice', 'eb1a', 'I-140', { 'p1.5': null }, 'p1.5', 'choice_required'],
  // E-mail: valid, and not at a refused mail service.
  ['invalid e-mail', 'eb1a', 'G-1145', { 'p1.email': 'siyuan.chen@' }, 'p1.email', 'email_invalid'],
  [
    'refused mail domain',
    'eb1a',
    'G-1145',
    { 'p1.email': 'siyuan@qq.com' },
    'p1.email',
    'email_domain_refused',
  ],
  ['refused mail subdomain', 'eb1a', 'I-140', { 'p8.5': 'a@vip.qq.com' }, 'p8.5', 'email_domain_refused'],
  // State or Province by country: one of the two, not both.
  [
    'US address with a province',
    'eb1a',
    'I-140',
    { 'p1.3g': 'Massachusetts', 'p3.2g': 'Massachusetts' },
    'p1.3g',
    'province_not_allowed',
  ],
  [
    'US address without a state',
    'eb1a',
    'I-140',
    { 'p1.3e': null, 'p3.2e': null },
    'p1.3e',
    'state_required',
  ],
  [
    'foreign address with a state',
    'niw',
    'I-140',
    { 'p1.3e': 'CA', 'p3.2e': 'CA' },
    'p1.3e',
    'state_not_allowed',
  ],
  [
    'foreign address with a ZIP',
    'niw',
    'I-140',
    { 'p1.3f': '94105', 'p3.2f': '94105' },
    'p1.3f',
    'zip_not_allowed',
  ],
  // An empty end date means current; a filled one may not precede its start.
  ['end before start', 'eb1a', 'I-140', { 'p3.11b': '2023-01-01' }, 'p3.11b', 'date_order'],
  // G-1450: a U.S. card of the four brands, Luhn, not expired, the fee due, issued by a U.S. bank.
  ['card not from a U.S. bank', 'eb1a', 'G-1450', { 'p3.us_bank': false }, 'p3.us_bank', 'choice_required'],
  [
    'card brand not accepted',
    'eb1a',
    'G-1450',
    { 'p3.number': '3530 1113 3330 0000' },
    'p3.number',
    'card_brand_unknown',
  ],
  ['card Luhn', 'eb1a', 'G-1450', { 'p3.number': '4111 1111 1111 1112' }, 'p3.number', 'card_luhn'],
  ['card brand mismatch', 'eb1a', 'G-1450', { 'p3.type': 'mastercard' }, 'p3.type', 'card_brand_mismatch'],
  ['card expired', 'eb1a', 'G-1450', { 'p3.expiry': '2026-10' }, 'p3.expiry', 'card_expired'],
  [
    'card amount not the fee due',
    'eb1a',
    'G-1450',
    { 'p3.amount': '700' },
    'p3.amount',
    'amount_not_fees_due',
  ],
  // G-1650: a U.S. account, ABA checksum, checking/savings, business/personal, the fee due.
  ['routing checksum', 'niw', 'G-1650', { 'p3.routing': '011000016' }, 'p3.routing', 'routing_invalid'],
  ['checking or savings', 'niw', 'G-1650', { 'p3.account_type': null }, 'p3.account_type', 'choice_required'],
  ['business or personal', 'niw', 'G-1650', { 'p2.holder_type': null }, 'p2.holder_type', 'choice_required'],
  [
    'business account needs its name',
    'niw',
    'G-1650',
    { 'p2.holder_type': 'business' },
    'p2.business_name',
    'required',
  ],
  ['account not at a U.S. bank', 'niw', 'G-1650', { 'p3.us_bank': false }, 'p3.us_bank', 'choice_required'],
  [
    'ACH amount not the fee due',
    'niw',
    'G-1650',
    { 'p3.amount': '1015' },
    'p3.amount',
    'amount_not_fees_due',
  ],
  // Preparer block: none (self), a non-attorney, or an attorney whose representation does or does not extend.
  [
    'preparer without statement',
    'eb1a',
    'I-907',
    { ...PREPARER, 'p3.2': true, 'p3.2_name': 'Mei LIN' },
    'p5.7',
    'choice_required',
  ],
  [
    'attorney without extent',
    'eb1a',
    'I-907',
    { ...PREPARER, 'p3.2': true, 'p3.2_name': 'Mei LIN', 'p5.7': 'attorney' },
    'p5.7b',
    'choice_required',
  ],
  [
    'preparer not declared by the requestor',
    'eb1a',
    'I-907',
    { ...PREPARER, 'p5.7': 'not_attorney' },
    'p3.2',
    'preparer_not_declared',
  ],
  [
    'declared preparer missing',
    'eb1a',
    'I-907',
    { 'p3.2': true, 'p3.2_name': 'Mei LIN' },
    'p5.1a',
    'preparer_missing',
  ],
  // The case decides the petition type and rules out Schedule A (issue 28 item 8). Part 3 differing from Part 1
  // is no longer refused: it is kept for the form as an override (forms-real-filing.test.ts, issue 28 item 1).
  ['EB-1A workbench files 1.a', 'eb1a', 'I-140', { 'p2.1': 'h' }, 'p2.1', 'value_fixed'],
  ['NIW workbench files 1.h', 'niw', 'I-140', { 'p2.1': 'a' }, 'p2.1', 'value_fixed'],
  ['Schedule A on a self-petition', 'niw', 'I-140', { 'p2.2': 'schedule_a' }, 'p2.2', 'value_not_allowed'],
  ['N/A in a date', 'eb1a', 'I-140', { 'p3.10': 'N/A' }, 'p3.10', 'not_applicable_refused'],
];
const RULES: Rule[] = ROWS.map(([rule, c, form, change, item, code]) => ({
  rule,
  case: c,
  form,
  change,
  item,
  code,
}));

const eb = EB1A_SAMPLE.forms;
const nw = NIW_SAMPLE.forms;
const baseOf = (r: Rule): FormValues =>
  r.form === 'I-907' ? I907_BASE : (r.case === 'eb1a' ? eb : nw)[r.form]!;

const caseOf = (r: Rule) => (r.case === 'eb1a' ? eb1a : niw);
const formId = (r: Rule) => caseOf(r).c.forms.find((f) => f.form_number === r.form)!.id;
const version = async (r: Rule) =>
  (await injectAs(t, 'GET', `/api/customer/immigration_data/${formId(r)}/`, { user: caseOf(r).user })).json()
    .version as number;

/** What the definition itself says (the server must agree, message included). */
function expected(r: Rule, values: FormValues) {
  const def = getForm(r.form)!;
  const payments = r.case === 'eb1a' ? [71_500, 30_000, 296_500] : [71_500, 30_000];
  return validateForm(def, values, {
    today: TODAY,
    refusedEmailDomains: ['qq.com', 'vip.qq.com', 'foxmail.com'],
    fixed: r.form === 'I-140' ? { 'p2.1': r.case === 'eb1a' ? 'a' : 'h' } : {},
    excluded: r.form === 'I-140' ? { 'p2.2': ['schedule_a'] } : {},
    amountsDue: { cents: payments, checked: FEE_TABLE_CHECKED },
  }).find((i) => i.itemId === r.item && i.code === r.code);
}

describe('spec §5 rules, refused by the server from the form definitions', () => {
  it.each(RULES.map((r) => [r.rule, r] as const))('%s', async (_, r) => {
    const before = await version(r);
    const values = { ...baseOf(r), ...r.change };
    for (const lang of ['en', 'zh'] as const) {
      const res = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${formId(r)}/`, {
        user: caseOf(r).user,
        lang,
        payload: { version: before, mode: 'save', values },
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as {
        code: string;
        msg: string;
        issues: { item_id: string; code: string; message: string }[];
      };
      const missing = ['required', 'choice_required'].includes(r.code);
      expect(body.code).toBe(missing ? 'form_incomplete' : 'form_invalid');
      expect(body.msg).toBe((resources[lang].errors as Record<string, string>)[body.code]);
      const issue = body.issues.find((i) => i.item_id === r.item && i.code === r.code);
      expect(issue, JSON.stringify(body.issues)).toBeDefined();
      expect(issue!.message).toBe(expected(r, values)?.message[lang]);
      // Only refusals come back: warnings never refuse a save (issue 28 item 1).
      expect(body.issues.every((i) => (i as { severity?: string }).severity === 'error')).toBe(true);
    }
    // Nothing was written.
    expect(await version(r)).toBe(before);
  });

  it('the valid answer sets of the table do save (so each refusal above is the change, not the base)', async () => {
    for (const [c, form, values] of [
      [eb1a, 'I-140', eb['I-140']!],
      [eb1a, 'G-1145', eb['G-1145']!],
      [eb1a, 'G-1450', eb['G-1450']!],
      [eb1a, 'I-907', I907_BASE],
      [niw, 'I-140', nw['I-140']!],
      [niw, 'G-1650', nw['G-1650']!],
    ] as const) {
      const id = c.c.forms.find((f) => f.form_number === form)!.id;
      const v = (await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user: c.user })).json()
        .version;
      const r = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${id}/`, {
        user: c.user,
        payload: { version: v, mode: 'save', values },
      });
      expect(r.statusCode, `${form}: ${r.body}`).toBe(200);
    }
  });

  it('an empty end date means current; an attorney preparer (not beyond preparation) declared in both places is accepted', async () => {
    const i140 = eb1a.c.forms.find((f) => f.form_number === 'I-140')!.id;
    let v = (await injectAs(t, 'GET', `/api/customer/immigration_data/${i140}/`, { user: eb1a.user })).json()
      .version;
    const open = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${i140}/`, {
      user: eb1a.user,
      payload: { version: v, mode: 'save', values: { ...eb['I-140']!, 'p3.11b': null } },
    });
    expect(open.statusCode, open.body).toBe(200);
    const i907 = eb1a.c.forms.find((f) => f.form_number === 'I-907')!.id;
    v = (await injectAs(t, 'GET', `/api/customer/immigration_data/${i907}/`, { user: eb1a.user })).json()
      .version;
    const prepared = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${i907}/`, {
      user: eb1a.user,
      payload: {
        version: v,
        mode: 'save',
        values: {
          ...I907_BASE,
          ...PREPARER,
          'p3.2': true,
          'p3.2_name': 'Mei LIN',
          'p5.7': 'attorney',
          'p5.7b': 'not_extends',
        },
      },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    // The preparer entered once now fills the I-140 preparer part (Part 10) from the profile.
    const i140View = (
      await injectAs(t, 'GET', `/api/customer/immigration_data/${i140}/`, { user: eb1a.user })
    ).json();
    expect(i140View.values).toMatchObject({ 'p10.1a': 'LIN', 'p10.1b': 'Mei', 'p10.3': '6175550100' });
  });
});
