/**
 * Issue 28 items 1 and 8 with values from real filings: what USCIS accepts is accepted (N/A and None where the
 * instructions allow them, Part 4 item 1 left blank, an individual petitioner without a company name, a value
 * overridden for one form), what the intake desk checks is checked (the Asylum Program Fee against Part 1
 * items 5 and 6, the classification against the petition type, typed signature dates). A warning never refuses:
 * only `error` issues do.
 */
import { describe, expect, it } from 'vitest';
import type { FormValues, Issue, ValidateOptions } from '../src/index.ts';
import {
  caseValuesOf,
  EB1A_SAMPLE,
  findItem,
  getForm,
  NIW_SAMPLE,
  notApplicableItems,
  printedText,
  profileUpdatesFrom,
  refusals,
  signatureDatesOf,
  toPdfFields,
  validateForm,
} from '../src/index.ts';

const TODAY = '2026-11-28';
const i140 = getForm('I-140')!;
const i907 = getForm('I-907')!;
const FEES = { exempt: 0, reduced: 30_000, standard: 60_000 };
/** The server's options for a self-petition: the case's fixed and excluded answers, the $300 fee charged. */
const opts = (category: 'EB1A' | 'NIW', form = 'I-140'): ValidateOptions => {
  const cv = caseValuesOf(getForm(form)!, category);
  return {
    today: TODAY,
    fixed: cv.fixed,
    excluded: cv.excluded,
    asylumFee: { charged: 'reduced', cents: FEES },
  };
};
const pick = (issues: Issue[], id: string) => issues.filter((i) => i.itemId === id);
const codes = (issues: Issue[], id: string) => pick(issues, id).map((i) => `${i.severity}:${i.code}`);
const eb = EB1A_SAMPLE.forms['I-140']!;
const printed = (def = i140, values: FormValues = eb) =>
  Object.fromEntries(toPdfFields(def, values).map((f) => [f.name, 'value' in f ? f.value : f]));
const field = (name: string) => `form1[0].#subform[1].${name}`;

describe('an approved self-petition as filed saves (issue 28 item 1)', () => {
  it('Part 4 item 1 left blank is a warning at the item, never a refusal', () => {
    const values = { ...eb, 'p4.1': null, 'p4.2b': null };
    const issues = validateForm(i140, values, opts('EB1A'));
    expect(refusals(issues)).toEqual([]);
    expect(codes(issues, 'p4.1')).toEqual(['warning:unanswered']);
  });

  it('a receipt number not issued yet is written "N/A" (I-907 Part 2 item 2) and prints as written', () => {
    const values = { ...EB1A_SAMPLE.forms['I-907']!, 'p2.2': 'n/a' };
    expect(refusals(validateForm(i907, values, opts('EB1A', 'I-907')))).toEqual([]);
    expect(printedText(findItem(i907, 'p2.2')!, 'n/a')).toBe('N/A');
    expect(printed(i907, values)[field('P2_Line2_ReceiptNumberof[0]')]).toBe('N/A');
  });

  it('"N/A" and "None" where the instructions allow them: text, identifiers "(if any)", amounts', () => {
    const values = {
      ...eb,
      'p1.2': 'N/A', // company name, individual petitioner
      'p1.4': 'N/A', // EIN
      'p1.3a': 'N/A', // in care of
      'p3.8': 'None', // A-Number never issued
      'p5.12': 'None', // annual income: "a numeric response is zero or none"
      'p6.8': 'N/A', // wages of a self-petitioner without an offer…
      'p6.8_per': null, // …so no period
    };
    const issues = validateForm(i140, values, opts('EB1A'));
    expect(refusals(issues)).toEqual([]);
    expect(pick(issues, 'p1.2')).toEqual([]);
    const out = printed(i140, values);
    expect(out[field('Line11_Alien[0].Pt3Line8_AlienNumber[0]')]).toBe('None');
    expect(out['form1[0].#subform[3].Line3b_AnnualIncome[0]']).toBe('None');
    expect(out['form1[0].#subform[0].Pt1Line3_TaxNumber[0]']).toBe('N/A');
  });

  it('"fill N/A for items that do not apply" fills blank optional text of started parts, and the form still saves', () => {
    const ids = notApplicableItems(i140, eb, { today: TODAY });
    // Part 1: company name, in care of, EIN, USCIS account; Part 3: A-Number; Part 8: title.
    expect(ids).toEqual(expect.arrayContaining(['p1.2', 'p1.3a', 'p1.4', 'p1.8', 'p3.8', 'p8.2']));
    // Not: required or answered items, dates, choices, repeated rows, copied items, parts nobody started.
    for (const id of [
      'p3.4',
      'p1.1a',
      'p3.10',
      'p8.6b',
      'p4.1',
      'p7.13a',
      'p11.1c',
      'p9.1a',
      'p10.2',
      'p0.bar',
    ])
      expect(ids).not.toContain(id);
    const filled = { ...eb, ...Object.fromEntries(ids.map((id) => [id, 'N/A'])) };
    const issues = validateForm(i140, filled, opts('EB1A'));
    expect(refusals(issues)).toEqual([]);
    expect(issues.filter((i) => ids.includes(i.itemId))).toEqual([]);
    expect(notApplicableItems(i907, EB1A_SAMPLE.forms['I-907']!, { today: TODAY })).toContain('p2.2');
  });

  it('N/A in a date or a choice is refused with its own message: those are left blank when they do not apply', () => {
    const issues = validateForm(i140, { ...eb, 'p3.10': 'N/A', 'p4.7': 'N/A' }, opts('EB1A'));
    expect(codes(issues, 'p3.10')).toEqual(['error:not_applicable_refused']);
    expect(codes(issues, 'p4.7')).toEqual(['error:option_invalid']);
  });

  it('N/A means "does not apply": a block answered N/A is not started (interpreter, spouse), a foreign ZIP may say N/A', () => {
    const values = {
      ...NIW_SAMPLE.forms['I-140']!,
      'p9.1a': 'N/A', // interpreter: none
      'p7.31a': 'N/A', // person 6: none
      'p1.3f': 'N/A', // ZIP of an address abroad
      'p3.2f': 'N/A',
    };
    expect(refusals(validateForm(i140, values, opts('NIW')))).toEqual([]);
  });

  it('an individual petitioner with no company name passes; a company name beside "Self" is a warning, not a refusal', () => {
    expect(pick(validateForm(i140, eb, opts('EB1A')), 'p1.2')).toEqual([]);
    const named = validateForm(i140, { ...eb, 'p1.2': 'Chen Research LLC' }, opts('EB1A'));
    expect(refusals(named)).toEqual([]);
    expect(codes(named, 'p1.2')).toEqual(['warning:company_for_individual']);
  });

  it('the I-140 instructions\' SOC example: "15-100" is typed as 15-1000 (zeros added on the right)', () => {
    const values = { ...eb, 'p6.2': '15-100' };
    expect(refusals(validateForm(i140, values, opts('EB1A')))).toEqual([]);
    const out = printed(i140, values);
    expect(out['form1[0].#subform[3].Line2_SOCCode1[0]']).toBe('15');
    expect(out['form1[0].#subform[3].Line2_SOCCode2[0]']).toBe('1000');
    expect(printed()['form1[0].#subform[3].Line2_SOCCode2[0]']).toBe('1029'); // 19-1029 as typed
  });

  it('a value overridden on purpose for one form is a warning, and the save keeps it for this form only', () => {
    const values = { ...eb, 'p3.2b': '1 Main Street' }; // the beneficiary's address differs from Part 1
    const { updates, issues, overridden } = profileUpdatesFrom(i140, values, []);
    expect(issues.map((i) => `${i.severity}:${i.code}:${i.itemId}`)).toEqual([
      'warning:profile_conflict:p3.2b',
    ]);
    expect(overridden).toEqual(['p3.2b']);
    expect(updates['address.street']).toBe(eb['p1.3b']);
  });
});

describe('what the intake desk checks (issue 28 item 8)', () => {
  it('Part 1 items 5 and 6 decide the Asylum Program Fee: No / No ($600) against the $300 charged blocks', () => {
    const issues = validateForm(i140, { ...eb, 'p1.5': 'no', 'p1.6': 'no' }, opts('EB1A'));
    const conflict = pick(issues, 'p1.6');
    expect(conflict.map((i) => `${i.severity}:${i.code}`)).toEqual(['blocking:fee_answers_conflict']);
    expect(conflict[0]!.message.en).toContain('$600');
    expect(conflict[0]!.message.en).toContain('$300');
    expect(conflict[0]!.message.zh).toContain('600');
    expect(refusals(issues)).toEqual([]);
  });

  it('Yes to item 5 (a nonprofit: no fee) also contradicts the $300 charged; No / Yes (a self-petitioner) agrees', () => {
    const exempt = validateForm(i140, { ...eb, 'p1.5': 'yes', 'p1.6': 'yes' }, opts('EB1A'));
    expect(codes(exempt, 'p1.5')).toEqual(['blocking:fee_answers_conflict']);
    const self = validateForm(i140, eb, opts('EB1A'));
    expect(self.filter((i) => i.code === 'fee_answers_conflict')).toEqual([]);
  });

  it('the classification follows the petition type: Schedule A (2.b) is refused on EB-1A and NIW; 1.a/1.h fixed', () => {
    for (const category of ['EB1A', 'NIW'] as const) {
      const base = (category === 'EB1A' ? EB1A_SAMPLE : NIW_SAMPLE).forms['I-140']!;
      const issues = validateForm(i140, { ...base, 'p2.2': 'schedule_a' }, opts(category));
      expect(codes(issues, 'p2.2')).toEqual(['error:value_not_allowed']);
      const amend = validateForm(
        i140,
        { ...base, 'p2.2': 'amend', 'p2.2a': 'IOE0912345678' },
        opts(category),
      );
      expect(refusals(amend)).toEqual([]);
    }
    const wrong = validateForm(i140, { ...eb, 'p2.1': 'h' }, opts('EB1A'));
    expect(codes(wrong, 'p2.1')).toEqual(['error:value_fixed']);
  });

  it('typed signature dates: left to the hand by default; an old or future one is a warning', () => {
    expect(signatureDatesOf(i140, eb)).toEqual([]);
    const old = validateForm(i140, { ...eb, 'p8.6b': '2024-11-01' }, opts('EB1A'));
    expect(codes(old, 'p8.6b')).toEqual(['warning:signature_date_old']);
    const ahead = validateForm(i140, { ...eb, 'p8.6b': '2026-12-24' }, opts('EB1A'));
    expect(codes(ahead, 'p8.6b')).toEqual(['warning:signature_date_future']);
    const fresh = validateForm(i140, { ...eb, 'p8.6b': '2026-11-20' }, opts('EB1A'));
    expect(pick(fresh, 'p8.6b')).toEqual([]);
    expect(signatureDatesOf(i907, { 'p3.7_date': '2025-09-10' })).toEqual([
      { itemId: 'p3.7_date', date: '2025-09-10' },
    ]);
  });
});
