import { describe, expect, it } from 'vitest';
import {
  bindingsOf,
  caseValuesOf,
  EB1A_SAMPLE,
  FORMS,
  findItem,
  getForm,
  I907_PREPARER_SAMPLE,
  PROFILE_BINDINGS,
  PROFILE_DEFINITION,
  profileUpdatesFrom,
  validateForm,
  withProfile,
} from '../src/index.ts';

const TODAY = '2026-11-21';
const i140 = getForm('I-140')!;
const i907 = getForm('I-907')!;

/** Item types a profile value may feed (the profile's type → the form item's type). */
const COMPATIBLE: Record<string, string[]> = {
  text: ['text'],
  country: ['country'],
  state: ['state'],
  zip: ['zip'],
  radio: ['radio'],
  date: ['date'],
  phone: ['phone'],
  email: ['email'],
  ssn: ['ssn'],
  a_number: ['a_number'],
  uscis_account: ['uscis_account'],
};

describe('profile bindings', () => {
  it('bind every form we define, and only to items and profile keys that exist, with compatible types', () => {
    expect(Object.keys(PROFILE_BINDINGS).sort()).toEqual(
      FORMS.map((f) => `${f.formNumber}@${f.edition}`).sort(),
    );
    for (const def of FORMS) {
      for (const [itemId, key] of Object.entries(bindingsOf(def))) {
        const it = findItem(def, itemId);
        const p = findItem(PROFILE_DEFINITION, key);
        expect(it, `${def.formNumber} ${itemId}`).toBeDefined();
        expect(p, `${def.formNumber} ${itemId} → ${key}`).toBeDefined();
        expect(COMPATIBLE[p!.type], `${def.formNumber} ${itemId}: ${p!.type} → ${it!.type}`).toContain(
          it!.type,
        );
        // Every option the profile may hold is an option of the form item.
        for (const o of p!.options ?? []) {
          expect(
            it!.options?.map((x) => x.value),
            `${def.formNumber} ${itemId} option ${o.value}`,
          ).toContain(o.value);
        }
      }
    }
  });

  it('cover names, addresses, birth data, passport, contact details and the preparer of I-140 and I-907', () => {
    const b = bindingsOf(i140);
    expect(b['p1.1a']).toBe('name.family');
    expect(b['p3.1a']).toBe('name.family');
    expect(b['p4.4a']).toBe('native.family');
    expect(b['p3.3']).toBe('birth.date');
    expect(b['p3.12']).toBe('passport.number');
    expect(b['p8.5']).toBe('contact.email');
    expect(b['p10.1a']).toBe('preparer.family');
    expect(bindingsOf(i907)['p5.7b']).toBe('preparer.extends');
    expect(bindingsOf(getForm('G-1145')!)['p1.email']).toBe('contact.email');
    expect(bindingsOf(getForm('G-1650')!)['p1.family']).toBe('name.family');
  });
});

describe('withProfile / profileUpdatesFrom', () => {
  const profile = { 'name.family': 'CHEN', 'name.given': 'Siyuan', 'contact.email': 'c@example.com' };

  it('reads bound items from the profile unless overridden; Part 1 and Part 3 agree', () => {
    const { values, sources } = withProfile(i140, { 'p1.1a': 'OLD', 'p6.1': 'Biologist' }, profile, []);
    expect(values['p1.1a']).toBe('CHEN');
    expect(values['p3.1a']).toBe('CHEN');
    expect(values['p6.1']).toBe('Biologist');
    expect(values['p1.1c']).toBeUndefined();
    expect(sources['p1.1a']).toBe('profile');
    const over = withProfile(i140, { 'p3.1a': 'LI' }, profile, ['p3.1a']);
    expect(over.values['p3.1a']).toBe('LI');
    expect(over.values['p1.1a']).toBe('CHEN');
    expect(over.sources['p3.1a']).toBe('override');
  });

  it('writes bound answers back, refusing two bound items that disagree', () => {
    const ok = profileUpdatesFrom(
      i140,
      { 'p1.1a': 'WANG', 'p3.1a': 'WANG', 'p8.1a': 'WANG', 'p6.1': 'x' },
      [],
    );
    expect(ok.issues).toEqual([]);
    expect(ok.updates['name.family']).toBe('WANG');
    expect(ok.updates['birth.date']).toBeNull();
    expect('p6.1' in ok.updates).toBe(false);
    const clash = profileUpdatesFrom(i140, { 'p1.1a': 'WANG', 'p3.1a': 'WONG', 'p8.1a': 'WANG' }, []);
    expect(clash.issues.map((i) => [i.itemId, i.code])).toEqual([['p3.1a', 'profile_conflict']]);
    expect(clash.issues[0]!.message.en).toContain('Part 1 item 1.a');
    expect(
      profileUpdatesFrom(i140, { 'p1.1a': 'WANG', 'p3.1a': 'WONG', 'p8.1a': 'WANG' }, ['p3.1a']).issues,
    ).toEqual([]);
  });

  it('the profile validates formats and the State/Province rule, and requires nothing', () => {
    const run = (v: Record<string, string>) =>
      validateForm(PROFILE_DEFINITION, v, { today: TODAY }).map((i) => [i.itemId, i.code]);
    expect(run({})).toEqual([]);
    expect(run({ 'contact.email': 'nope' })).toEqual([['contact.email', 'email_invalid']]);
    expect(
      run({
        'address.street': '1 Main St',
        'address.city': 'Boston',
        'address.country': 'USA',
        'address.province': 'X',
      }),
    ).toEqual(
      expect.arrayContaining([
        ['address.state', 'state_required'],
        ['address.province', 'province_not_allowed'],
      ]),
    );
    expect(run({ 'preparer.family': 'LIN' })).toEqual(
      expect.arrayContaining([
        ['preparer.given', 'required'],
        ['preparer.statement', 'choice_required'],
      ]),
    );
  });
});

describe('rules checked with the case', () => {
  it('the petition type is fixed by the case: 1.a for EB-1A, 1.h for NIW', () => {
    expect(caseValuesOf(i140, 'EB1A').fixed).toEqual({ 'p2.1': 'a' });
    expect(caseValuesOf(i140, 'NIW').defaults).toMatchObject({ 'p2.1': 'h', 'p5.1': 'self' });
    const issues = validateForm(
      i140,
      { ...EB1A_SAMPLE.forms['I-140'], 'p2.1': 'h' },
      {
        today: TODAY,
        fixed: caseValuesOf(i140, 'EB1A').fixed,
      },
    );
    expect(issues.map((i) => [i.itemId, i.code])).toEqual([['p2.1', 'value_fixed']]);
    expect(issues[0]!.message.en).toContain('1.a. An alien of extraordinary ability');
  });

  it('the authorised amount must be one of the fees due', () => {
    const g1450 = getForm('G-1450')!;
    const opts = { today: TODAY, amountsDue: { cents: [71_500, 30_000], checked: '2026-07-01' } };
    const values = EB1A_SAMPLE.forms['G-1450']!;
    expect(validateForm(g1450, values, opts)).toEqual([]);
    const wrong = validateForm(g1450, { ...values, 'p3.amount': '700' }, opts);
    expect(wrong.map((i) => i.code)).toEqual(['amount_not_fees_due']);
    expect(wrong[0]!.message.en).toBe(
      'The authorised amount must be the fee due: $715, $300 (USCIS fee table checked on 2026-07-01).',
    );
  });

  it('I-907: a preparer in Part 5 and the requestor statement 2 go together', () => {
    const base = { ...EB1A_SAMPLE.forms['I-907'] };
    const codes = (v: Record<string, unknown>) =>
      validateForm(i907, v as never, { today: TODAY }).map((i) => [i.itemId, i.code]);
    expect(codes(base)).toEqual([]);
    const named = { ...base, ...I907_PREPARER_SAMPLE, 'p5.7': 'not_attorney' };
    expect(codes(named)).toEqual([['p3.2', 'preparer_not_declared']]);
    expect(codes({ ...named, 'p3.2': true, 'p3.2_name': 'Mei LIN' })).toEqual([]);
    expect(codes({ ...base, 'p3.2': true, 'p3.2_name': 'Mei LIN' })).toEqual([['p5.1a', 'preparer_missing']]);
    expect(codes({ ...named, 'p3.2': true, 'p3.2_name': 'Mei LIN', 'p5.7': 'attorney' })).toEqual([
      ['p5.7b', 'choice_required'],
    ]);
  });
});
