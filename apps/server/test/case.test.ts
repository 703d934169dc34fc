import { type TCaseSummary, type TImmigrationData, ZCaseSummary, ZImmigrationData } from '@dossier/contract';
import { EB1A_SAMPLE } from '@dossier/forms';
import { resources } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, buyBase, buyer, injectAs, type LoggedIn, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const START = new Date('2026-11-21T08:00:00Z');
const errMsg = (lang: 'zh' | 'en', code: string) => (resources[lang].errors as Record<string, string>)[code];

async function caseOf(user: LoggedIn, project = 'USA_EB1A', lang = 'en'): Promise<TCaseSummary> {
  const r = await injectAs(t, 'GET', `/api/customer/case/?project_code=${project}`, { user, lang });
  expect(r.statusCode, r.body).toBe(200);
  return ZCaseSummary.parse(r.json());
}
const formOf = (c: TCaseSummary, form: string) => c.forms.find((f) => f.form_number === form)!;
async function getForm(user: LoggedIn, id: number): Promise<TImmigrationData> {
  const r = await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user });
  expect(r.statusCode, r.body).toBe(200);
  return ZImmigrationData.parse(r.json());
}
const save = (user: LoggedIn, id: number, payload: Record<string, unknown>, lang = 'en') =>
  injectAs(t, 'PATCH', `/api/customer/immigration_data/${id}/`, { user, payload, lang });

describe('the case', () => {
  it('is created on the first read by an entitled customer, once, tied to the plan', async () => {
    const u = await buyer(t);
    const a = await caseOf(u);
    const b = await caseOf(u);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({
      project_code: 'USA_EB1A',
      category: 'EB1A',
      workbench_path: '/EB-1A',
      access: { status: 'active', read_only: false, services: ['DIY_STANDARD'] },
      settings: { premium_processing: false, payment_method: 'G-1450', highlight_name: false, version: 0 },
      preferences: { form_instructions_hidden: false },
      current_stage: 'forms',
      eta9089_required: false,
    });
    expect(a.plan?.name).toBe('EB-1A Extraordinary Ability plan');
    expect(a.rights.map((r) => [r.project_code, r.service, r.status])).toEqual([
      ['USA_EB1A', 'DIY_STANDARD', 'active'],
    ]);
    expect(a.stages.map((s) => [s.key, s.tab, s.available, s.status])).toEqual([
      ['forms', 'form', true, 'not_started'],
      ['evidence', 'evidence', true, 'not_started'],
      ['letters', 'reference', true, 'not_started'],
      ['plan', 'endeavor', true, 'not_started'],
      ['petition', 'petition', true, 'not_started'],
      ['readme', 'readMe', true, 'not_started'],
    ]);
    expect(a.forms.map((f) => [f.form_number, f.edition, f.status])).toEqual([
      ['I-140', '06/07/24', 'empty'],
      ['G-1145', '09/26/14', 'empty'],
      ['G-1450', '09/27/19', 'empty'],
    ]);
    // Fees from the dated table, with the date they were checked; separate payments for the asylum fee.
    expect(a.fees).toMatchObject({
      checked: '2026-07-01',
      date: '2026-11-21',
      total_cents: 101_500,
      premium: null,
      electronic_payment_only_from: '2025-10-28',
    });
    expect(a.fees.payments.map((p) => [p.key, p.amount_cents, p.for_form])).toEqual([
      ['i140', 71_500, 'I-140'],
      ['asylumProgramSelf', 30_000, 'I-140'],
    ]);
    // What can be downloaded: the shipped blanks, and plain refusals for the payment form.
    expect(formOf(a, 'I-140').pdf).toMatchObject({ available: true, current_edition: '06/07/24' });
    expect(formOf(a, 'I-140').pdf.expires).toBe('2027-02-28');
    expect(formOf(a, 'G-1450').pdf).toMatchObject({
      available: false,
      reason: 'outdated_edition',
      url: null,
      official_url: 'https://www.uscis.gov/g-1450',
    });
    const niw = await caseOf(await buyer(t, 'USA_NIW'), 'USA_NIW');
    expect(niw).toMatchObject({ category: 'NIW', workbench_path: '/NIW', eta9089_required: true });
  });

  it('is refused to visitors (401) and to customers without the base service (403 purchase_required)', async () => {
    expect((await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A')).statusCode).toBe(401);
    const u = await login(t);
    for (const lang of ['zh', 'en'] as const) {
      const r = await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user: u, lang });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 'purchase_required', msg: errMsg(lang, 'purchase_required') });
    }
    // Another project's base does not open this one.
    await buyBase(t, u, 'USA_NIW');
    expect(
      (await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user: u })).statusCode,
    ).toBe(403);
  });

  it("customer B gets 404 for A's case and forms, on every route", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const ac = await caseOf(a);
    await caseOf(b);
    const i140 = formOf(ac, 'I-140').id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/customer/case/${ac.id}/`],
      ['PATCH', `/api/customer/case/${ac.id}/settings/`, { version: 0, premium_processing: true }],
      ['PATCH', `/api/customer/case/${ac.id}/preferences/`, { form_instructions_hidden: true }],
      ['POST', `/api/customer/case/${ac.id}/submit_stage/`, { stage: 'forms' }],
      ['GET', `/api/customer/case/${ac.id}/profile/`],
      ['PATCH', `/api/customer/case/${ac.id}/profile/`, { version: 0, values: {} }],
      ['GET', `/api/customer/case/${ac.id}/eta9089/`],
      ['GET', `/api/customer/immigration_data/${i140}/`],
      ['PATCH', `/api/customer/immigration_data/${i140}/`, { version: 0, mode: 'draft', values: {} }],
      ['GET', `/api/customer/immigration_data/${i140}/pdf/`],
    ];
    for (const [method, url, payload] of calls) {
      const r = await injectAs(t, method as 'GET', url, { user: b, payload });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().code).toBe('not_found');
    }
    // A's data is untouched and still A's.
    expect((await getForm(a, i140)).version).toBe(0);
  });
});

describe('settings and preferences', () => {
  it('the name highlight is a setting of its own: it changes nothing else, a non-boolean is refused', async () => {
    const u = await buyer(t);
    const c = await caseOf(u);
    const on = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/settings/`, {
      user: u,
      payload: { version: 0, highlight_name: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const after = ZCaseSummary.parse(on.json());
    expect(after.settings).toEqual({ ...c.settings, highlight_name: true, version: 1 });
    expect(after.forms.map((f) => f.form_number)).toEqual(c.forms.map((f) => f.form_number));
    const bad = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/settings/`, {
      user: u,
      payload: { version: 1, highlight_name: 'yes' },
      lang: 'zh',
    });
    expect(bad.statusCode).toBe(400);
    expect((await caseOf(u)).settings.highlight_name).toBe(true);
  });

  it('premium processing adds the I-907; the payment method swaps G-1450 for G-1650; stale → 409', async () => {
    const u = await buyer(t);
    const c = await caseOf(u);
    const g1450 = formOf(c, 'G-1450').id;
    const r = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/settings/`, {
      user: u,
      payload: { version: 0, premium_processing: true, payment_method: 'G-1650' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = ZCaseSummary.parse(r.json());
    expect(after.forms.map((f) => f.form_number)).toEqual(['I-140', 'I-907', 'G-1145', 'G-1650']);
    expect(after.settings).toEqual({
      premium_processing: true,
      payment_method: 'G-1650',
      highlight_name: false,
      planned_filing_date: null,
      version: 1,
    });
    expect(after.fees.payments.map((p) => [p.key, p.amount_cents, p.for_form])).toEqual([
      ['i140', 71_500, 'I-140'],
      ['asylumProgramSelf', 30_000, 'I-140'],
      ['i907', 296_500, 'I-907'],
    ]);
    expect(after.fees.premium).toEqual({ days: 15, business_days: true });
    expect(formOf(after, 'I-907').pdf.available).toBe(true);
    expect(formOf(after, 'G-1650').pdf).toMatchObject({ available: false, reason: 'no_blank' });

    const stale = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/settings/`, {
      user: u,
      payload: { version: 0, premium_processing: false },
      lang: 'zh',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'version_conflict',
      msg: errMsg('zh', 'version_conflict'),
      current_version: 1,
    });
    expect((await caseOf(u)).settings.premium_processing).toBe(true);

    // G-1450 and G-1650 are never mixed: the form that left the filing refuses saves.
    const mixed = await save(u, g1450, { version: 0, mode: 'draft', values: { 'p1.family': 'CHEN' } });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toEqual({ code: 'form_not_in_filing', msg: errMsg('en', 'form_not_in_filing') });
    expect((await getForm(u, g1450)).in_filing).toBe(false);
  });

  it(`"Don't show again" is remembered per customer on the server, in both workbenches`, async () => {
    const u = await buyer(t);
    await buyBase(t, u, 'USA_NIW');
    const c = await caseOf(u);
    const r = await injectAs(t, 'PATCH', `/api/customer/case/${c.id}/preferences/`, {
      user: u,
      payload: { form_instructions_hidden: true },
    });
    expect(r.json()).toEqual({ form_instructions_hidden: true });
    expect((await caseOf(u)).preferences.form_instructions_hidden).toBe(true);
    expect((await caseOf(u, 'USA_NIW')).preferences.form_instructions_hidden).toBe(true);
  });
});

describe('drafts, saves and versions', () => {
  it('a draft keeps what was typed (incomplete), restored on another device; a stale draft → 409', async () => {
    const u = await buyer(t);
    const id = formOf(await caseOf(u), 'I-140').id;
    const typed = { 'p1.1a': 'CHEN', 'p6.3': 'Half-typed descri', 'p3.3': '1988-13-40' };
    const r = await save(u, id, { version: 0, mode: 'draft', values: typed, overrides: ['p3.1a'] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe('Draft saved');
    const again = await getForm(u, id); // another device: nothing but the server
    expect(again).toMatchObject({ version: 1, status: 'draft', draft: typed, draft_overrides: ['p3.1a'] });
    expect(again.saved_at).toBeNull();
    // What a save would answer now, for the wizard to show inline while the user types.
    expect(again.draft_issues).toContainEqual({
      item_id: 'p3.3',
      code: 'date_invalid',
      severity: 'error',
      message: 'Please enter a valid date.',
    });
    expect(again.issues).toEqual([]);

    const stale = await save(u, id, { version: 0, mode: 'draft', values: { 'p1.1a': 'LI' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 1 });
    expect((await getForm(u, id)).draft).toEqual(typed);
    // "Keep mine": the same answers again with the current version.
    const kept = await save(u, id, { version: 1, mode: 'draft', values: { 'p1.1a': 'LI' } });
    expect(kept.json().data).toMatchObject({ version: 2, draft: { 'p1.1a': 'LI' } });
  });

  it('a draft still refuses hostile input: unknown items, typed signatures, oversized answers', async () => {
    const u = await buyer(t);
    const id = formOf(await caseOf(u), 'I-140').id;
    const unknown = await save(u, id, { version: 0, mode: 'draft', values: { 'p99.1': 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'form_unknown_item', msg: 'Unknown item in this form: p99.1' });
    const signed = await save(u, id, { version: 0, mode: 'draft', values: { 'p8.6a': 'Siyuan Chen' } });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().issues).toEqual([
      {
        item_id: 'p8.6a',
        code: 'signature_must_be_empty',
        severity: 'error',
        message: 'Signatures cannot be typed: print the form and sign it by hand.',
      },
    ]);
    const big = await save(u, id, { version: 0, mode: 'draft', values: { 'p6.3': 'x'.repeat(4001) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('validation');
    const many = Object.fromEntries(Array.from({ length: 401 }, (_, i) => [`p1.x${i}`, 'a']));
    expect((await save(u, id, { version: 0, mode: 'draft', values: many })).statusCode).toBe(400);
    const badOverride = await save(u, id, { version: 0, mode: 'draft', values: {}, overrides: ['p6.1'] });
    expect(badOverride.json().code).toBe('form_unknown_item');
    expect((await getForm(u, id)).version).toBe(0);
  });

  it('a save needs the required fields ("…not been completed!") and keeps the stored version unchanged', async () => {
    const u = await buyer(t);
    const id = formOf(await caseOf(u), 'I-140').id;
    for (const lang of ['en', 'zh'] as const) {
      const r = await save(u, id, { version: 0, mode: 'save', values: { 'p1.1a': 'CHEN' } }, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('form_incomplete');
      expect(r.json().msg).toBe(errMsg(lang, 'form_incomplete'));
      const issues = r.json().issues as { item_id: string; code: string; message: string }[];
      expect(issues).toContainEqual({
        item_id: 'p3.3',
        code: 'required',
        severity: 'error',
        message: lang === 'en' ? 'This field is required.' : '此项为必填项。',
      });
    }
    expect(errMsg('en', 'form_incomplete')).toBe('Some required fields are not filled in yet.');
    const stored = await getForm(u, id);
    expect(stored).toMatchObject({ version: 0, status: 'empty', saved_at: null });
  });

  it('a complete save stores the form, clears the draft and fills the profile for the other forms', async () => {
    const u = await buyer(t);
    const c = await caseOf(u);
    const id = formOf(c, 'I-140').id;
    await save(u, id, { version: 0, mode: 'draft', values: { 'p1.1a': 'CH' } });
    const r = await save(u, id, { version: 1, mode: 'save', values: EB1A_SAMPLE.forms['I-140'] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Saved', stage_submitted: false, next_stage: null });
    const saved = ZImmigrationData.parse(r.json().data);
    expect(saved).toMatchObject({ version: 2, status: 'complete', draft: null, issues: [] });
    expect(saved.values['p2.1']).toBe('a');
    expect(saved.sources['p1.1a']).toBe('profile');
    // One profile, many forms: G-1145 now reads the name and contact details entered in the I-140.
    const g1145 = await getForm(u, formOf(c, 'G-1145').id);
    expect(g1145.values).toMatchObject({
      'p1.last': 'CHEN',
      'p1.first': 'Siyuan',
      'p1.email': 'siyuan.chen@example.com',
      'p1.mobile': '617-555-0142',
    });
    expect(g1145.sources).toMatchObject({ 'p1.last': 'profile', 'p1.email': 'profile' });
    expect(g1145.status).toBe('empty');
    const profile = await injectAs(t, 'GET', `/api/customer/case/${c.id}/profile/`, { user: u });
    expect(profile.json().values).toMatchObject({ 'name.family': 'CHEN', 'birth.date': '1988-03-14' });

    // A complete save from a tab that holds an older version: 409, the form and the profile unchanged.
    const named = (family: string) => ({
      ...EB1A_SAMPLE.forms['I-140'],
      ...Object.fromEntries(['p1.1a', 'p3.1a', 'p7.7a', 'p8.1a'].map((k) => [k, family])),
    });
    const stale = await save(u, id, { version: 1, mode: 'save', values: named('WANG') });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
    expect(await getForm(u, id)).toMatchObject({ version: 2, values: { 'p1.1a': 'CHEN' } });
    // Two complete saves of the same version at once: one is stored, the other is told of the conflict.
    const both = await Promise.all([
      save(u, id, { version: 2, mode: 'save', values: named('WANG') }),
      save(u, id, { version: 2, mode: 'save', values: named('ZHAO') }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both[0]!.statusCode === 200 ? 'WANG' : 'ZHAO';
    expect(await getForm(u, id)).toMatchObject({ version: 3, values: { 'p1.1a': winner } });
    const after = await injectAs(t, 'GET', `/api/customer/case/${c.id}/profile/`, { user: u });
    expect(after.json().values).toMatchObject({ 'name.family': winner });
  });
});

describe('expired base: read-only', () => {
  it('reads pass (summary, form, PDF availability), writes are refused with entitlement_expired', async () => {
    const u0 = await buyer(t);
    const c = await caseOf(u0);
    const id = formOf(c, 'G-1145').id;
    try {
      t.clock.set(new Date('2028-05-22T08:00:00Z'));
      const u = await login(t, { phone: u0.phone });
      const read = await caseOf(u);
      expect(read.access).toMatchObject({ status: 'expired', read_only: true });
      expect((await getForm(u, id)).id).toBe(id);
      for (const [method, url, payload] of [
        ['PATCH', `/api/customer/immigration_data/${id}/`, { version: 0, mode: 'draft', values: {} }],
        ['PATCH', `/api/customer/case/${c.id}/settings/`, { version: 0, premium_processing: true }],
        ['PATCH', `/api/customer/case/${c.id}/profile/`, { version: 0, values: {} }],
        ['POST', `/api/customer/case/${c.id}/submit_stage/`, { stage: 'forms' }],
      ] as const) {
        const r = await injectAs(t, method, url, { user: u, payload, lang: 'zh' });
        expect(r.statusCode, url).toBe(403);
        expect(r.json()).toEqual({ code: 'entitlement_expired', msg: errMsg('zh', 'entitlement_expired') });
      }
    } finally {
      t.clock.set(START);
    }
  });
});
