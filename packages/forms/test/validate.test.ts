import { describe, expect, it } from 'vitest';
import { item, L, text } from '../src/builders.ts';
import type { FormDefinition, FormValues, Issue } from '../src/index.ts';
import { EB1A_SAMPLE, getForm, NIW_SAMPLE, validateForm } from '../src/index.ts';

const TODAY = '2026-11-21';
const i140 = getForm('I-140')!;
const g1450 = getForm('G-1450')!;
const g1650 = getForm('G-1650')!;
const codes = (issues: Issue[], id?: string) =>
  issues.filter((i) => id === undefined || i.itemId === id).map((i) => i.code);
const run = (def: FormDefinition, values: FormValues, extra: { refusedEmailDomains?: string[] } = {}) =>
  validateForm(def, values, { today: TODAY, ...extra });

/** A small definition to exercise single rules. */
const mini: FormDefinition = {
  formNumber: 'T-1',
  edition: '01/01/26',
  editionDate: '2026-01-01',
  title: L('Test', '测试'),
  fieldmap: null,
  parts: [
    {
      id: 'p1',
      number: 1,
      title: L('Part', '部分'),
      items: [
        item('name', '1.', L('Name', '姓名'), 'text', text('Name'), { required: true, maxLength: 5 }),
        item('kind', '2.', L('Kind', '类型'), 'yes_no', null, {
          options: [
            { value: 'yes', label: L('Yes', '是') },
            { value: 'no', label: L('No', '否') },
          ],
        }),
        item('detail', '3.', L('Detail', '说明'), 'text', null, {
          visibleWhen: { item: 'kind', equals: 'yes' },
          required: true,
        }),
        item('start', '4.', L('Start', '开始'), 'date', null),
        item('end', '5.', L('End', '结束'), 'date', null),
        item('born', '6.', L('Born', '出生'), 'date', null, { notFuture: true }),
        item('sig', '7.', L('Signature', '签名'), 'signature', null),
        item('email', '8.', L('Email', '邮箱'), 'email', null),
        item('ssn', '9.', L('SSN', 'SSN'), 'ssn', text('SSN'), { maxLength: 9, comb: true }),
        item('anum', '10.', L('A-Number', 'A-Number'), 'a_number', null, { maxLength: 9, comb: true }),
        item('receipt', '11.', L('Receipt', '收据号'), 'receipt', null, { maxLength: 13 }),
        item('money', '12.', L('Money', '金额'), 'money', null, { wholeDollars: true }),
        item('zip', '13.', L('ZIP', '邮编'), 'zip', null),
        item('phone', '14.', L('Phone', '电话'), 'phone', null, { maxLength: 10 }),
      ],
    },
  ],
  dateRanges: [{ start: 'start', end: 'end' }],
};

describe('required', () => {
  it('flags empty required items, honouring conditions; hidden items are never required', () => {
    expect(codes(run(mini, {}), 'name')).toEqual(['required']);
    expect(codes(run(mini, { name: '   ' }), 'name')).toEqual(['required']);
    expect(codes(run(mini, { name: 'Li' }))).toEqual([]);
    // "detail" is required only when visible (kind = yes).
    expect(codes(run(mini, { name: 'Li', kind: 'no' }), 'detail')).toEqual([]);
    expect(codes(run(mini, { name: 'Li', kind: 'yes' }), 'detail')).toEqual(['required']);
  });

  it('uses the "not chosen" message for choices', () => {
    const issues = run(i140, {});
    const p21 = issues.find((i) => i.itemId === 'p2.1')!;
    expect(p21.code).toBe('choice_required');
    expect(p21.message.zh).toBe('您还没有选择。');
    expect(codes(issues, 'p1.5')).toEqual(['choice_required']);
  });

  it('I-140: an individual answers 1.a–1.c, a company item 2', () => {
    expect(codes(run(i140, {}), 'p1.1a')).toEqual(['required']);
    expect(codes(run(i140, {}), 'p1.2')).toEqual(['required']);
    expect(codes(run(i140, { 'p1.1a': 'WANG', 'p1.1b': 'Jia' }), 'p1.2')).toEqual([]);
    expect(codes(run(i140, { 'p1.2': 'Acme Inc.' }), 'p1.1a')).toEqual([]);
  });

  it('I-140: Part 5 items 2–10 only for an employer, 11 for an individual', () => {
    const self = run(i140, { 'p5.1': 'self' });
    expect(codes(self, 'p5.2')).toEqual([]);
    expect(codes(self, 'p5.11')).toEqual(['required']);
    const employer = run(i140, { 'p5.1': 'employer' });
    expect(codes(employer, 'p5.2')).toEqual(['required']);
    expect(codes(employer, 'p5.11')).toEqual([]);
  });
});

describe('maxLength and formats', () => {
  it('counts the printed length: over-long values are errors, never cut', () => {
    expect(codes(run(mini, { name: 'ABCDE' }), 'name')).toEqual([]);
    const issues = run(mini, { name: 'ABCDEF' });
    expect(codes(issues, 'name')).toEqual(['max_length']);
    expect(issues[0]!.message.en).toContain('at most 5');
    // Dashes do not count for a comb field: 123-45-6789 prints as 9 digits.
    expect(codes(run(mini, { name: 'Li', ssn: '123-45-6789' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', phone: '(617) 555-0142' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', phone: '+86 138 0000 0000' }), 'phone')).toEqual(['max_length']);
  });

  it('checks a copied ("pre-populated") value against its own field', () => {
    const long = 'A'.repeat(31);
    expect(codes(run(i140, { 'p1.1a': long }), 'p11.1a')).toEqual(['max_length']);
  });

  it('SSN', () => {
    expect(codes(run(mini, { name: 'Li', ssn: '123456789' }))).toEqual([]);
    for (const bad of [
      '12345678',
      '000-12-3456',
      '666-12-3456',
      '912-34-5678',
      '123-00-4567',
      '123-45-0000',
      '123-45-678a',
    ]) {
      expect(codes(run(mini, { name: 'Li', ssn: bad }), 'ssn')).toEqual(['ssn_invalid']);
    }
  });

  it('A-Number: A + 7 to 9 digits', () => {
    for (const ok of ['A123456789', 'A-123-456-789', '12345678', 'a1234567']) {
      expect(codes(run(mini, { name: 'Li', anum: ok }), 'anum')).toEqual([]);
    }
    for (const bad of ['A123456', 'A1234567890', 'B12345678']) {
      expect(codes(run(mini, { name: 'Li', anum: bad }), 'anum')).toEqual(['a_number_invalid']);
    }
  });

  it('receipt number: 3 letters + 10 digits', () => {
    expect(codes(run(mini, { name: 'Li', receipt: 'IOE0912345678' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', receipt: 'ioe-0912345678' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', receipt: 'IOE091234567' }), 'receipt')).toEqual(['receipt_invalid']);
    expect(codes(run(mini, { name: 'Li', receipt: '1OE0912345678' }), 'receipt')).toEqual([
      'receipt_invalid',
    ]);
  });

  it('money, ZIP', () => {
    expect(codes(run(mini, { name: 'Li', money: '$1,015' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', money: '1015.50' }), 'money')).toEqual(['money_whole_dollars']);
    expect(codes(run(mini, { name: 'Li', money: 'ten' }), 'money')).toEqual(['money_invalid']);
    expect(codes(run(mini, { name: 'Li', zip: '02139' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', zip: '02139-1234' }), 'zip')).toEqual(['zip_invalid']);
  });
});

describe('email', () => {
  it('must be valid', () => {
    expect(codes(run(mini, { name: 'Li', email: 'li.wei@example.com' }))).toEqual([]);
    for (const bad of ['li.wei', 'li@', '@example.com', 'li wei@example.com', 'li@example']) {
      const issues = run(mini, { name: 'Li', email: bad });
      expect(codes(issues, 'email')).toEqual(['email_invalid']);
      expect(issues[0]!.message.en).toBe('Please enter a valid email address.');
    }
  });

  it('refuses configured domains (none by default), including subdomains, case-insensitively', () => {
    expect(codes(run(mini, { name: 'Li', email: 'li@refused.example' }))).toEqual([]);
    const opts = { refusedEmailDomains: ['refused.example'] };
    expect(codes(run(mini, { name: 'Li', email: 'li@Refused.Example' }, opts), 'email')).toEqual([
      'email_domain_refused',
    ]);
    expect(codes(run(mini, { name: 'Li', email: 'li@mx.refused.example' }, opts), 'email')).toEqual([
      'email_domain_refused',
    ]);
    expect(codes(run(mini, { name: 'Li', email: 'li@notrefused.example' }, opts))).toEqual([]);
  });
});

describe('dates', () => {
  it('must be real calendar dates', () => {
    expect(codes(run(mini, { name: 'Li', start: '2024-02-29' }))).toEqual([]);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-04-31', '04/01/2024', '2024-4-1']) {
      expect(codes(run(mini, { name: 'Li', start: bad }), 'start')).toEqual(['date_invalid']);
    }
  });

  it('start ≤ end; an empty end means "current"', () => {
    expect(codes(run(mini, { name: 'Li', start: '2020-01-01', end: '2020-01-01' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', start: '2020-01-01' }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', start: '2020-01-02', end: '2020-01-01' }), 'end')).toEqual([
      'date_order',
    ]);
  });

  it('dates of birth cannot be in the future (today is fine)', () => {
    expect(codes(run(mini, { name: 'Li', born: TODAY }))).toEqual([]);
    expect(codes(run(mini, { name: 'Li', born: '2026-11-22' }), 'born')).toEqual(['date_in_future']);
  });
});

describe('signatures', () => {
  it('must never carry a value', () => {
    expect(codes(run(mini, { name: 'Li', sig: 'Li Wei' }), 'sig')).toEqual(['signature_must_be_empty']);
    expect(codes(run(i140, { 'p8.6a': 'CHEN Siyuan' }), 'p8.6a')).toEqual(['signature_must_be_empty']);
    expect(codes(run(mini, { name: 'Li', sig: '' }))).toEqual([]);
  });
});

describe('State vs Province by country (I-140 Part 3 mailing address)', () => {
  const base = { 'p3.2b': '45 Prospect Street', 'p3.2d': 'Cambridge' };
  const addr = (v: FormValues) => {
    const ids = ['p3.2e', 'p3.2f', 'p3.2g', 'p3.2h', 'p3.2i'];
    return run(i140, { ...base, ...v }).filter((i) => ids.includes(i.itemId));
  };

  it('US address: State and ZIP, no Province', () => {
    expect(codes(addr({ 'p3.2i': 'United States', 'p3.2e': 'MA', 'p3.2f': '02139' }))).toEqual([]);
    expect(codes(addr({ 'p3.2i': 'USA' }))).toEqual(['state_required', 'zip_required']);
    expect(
      codes(addr({ 'p3.2i': 'United States', 'p3.2e': 'MA', 'p3.2f': '02139', 'p3.2g': 'Massachusetts' })),
    ).toEqual(['province_not_allowed']);
  });

  it('Chinese address: Province allowed, no State or ZIP', () => {
    expect(codes(addr({ 'p3.2i': 'China', 'p3.2g': 'Sichuan', 'p3.2h': '610041' }))).toEqual([]);
    expect(codes(addr({ 'p3.2i': 'China' }))).toEqual([]);
    expect(codes(addr({ 'p3.2i': 'China', 'p3.2e': 'CA' }))).toEqual(['state_not_allowed']);
    expect(codes(addr({ 'p3.2i': '中国', 'p3.2e': 'CA', 'p3.2f': '02139', 'p3.2g': 'Sichuan' }))).toEqual([
      'state_not_allowed',
      'zip_not_allowed',
    ]);
  });

  it('no country: the country is asked for once', () => {
    expect(codes(addr({}))).toEqual(['required']);
  });

  it('a US address in Part 3 requires the foreign address of Part 4 item 3', () => {
    const us = run(i140, { ...base, 'p3.2i': 'United States', 'p3.2e': 'MA', 'p3.2f': '02139' });
    expect(codes(us, 'p4.3a')).toEqual(['required']);
    const cn = run(i140, { ...base, 'p3.2i': 'China' });
    expect(codes(cn, 'p4.3a')).toEqual([]);
  });

  it('US-only worksite (Part 6 item 9): State and ZIP once any line is given', () => {
    expect(
      codes(
        run(i140, { 'p6.9a': '1 Main St', 'p6.9c': 'Austin' }).filter((i) => i.itemId.startsWith('p6.9')),
      ),
    ).toEqual(['state_required', 'zip_required']);
    expect(codes(run(i140, {}).filter((i) => i.itemId.startsWith('p6.9')))).toEqual([]);
  });
});

describe('G-1450 card', () => {
  const ok: FormValues = EB1A_SAMPLE.forms['G-1450']!;
  const card = (v: FormValues) => run(g1450, { ...ok, ...v });

  it('the sample is valid', () => expect(card({})).toEqual([]));

  it('Luhn', () => {
    expect(codes(card({ 'p3.number': '4111 1111 1111 1112' }), 'p3.number')).toEqual(['card_luhn']);
  });

  it('brand must match the number prefix; only the four brands', () => {
    const issues = card({ 'p3.type': 'mastercard' });
    expect(codes(issues, 'p3.type')).toEqual(['card_brand_mismatch']);
    expect(issues[0]!.message.en).toContain('Visa');
    expect(codes(card({ 'p3.type': 'amex', 'p3.number': '378282246310005' }))).toEqual([]);
    expect(codes(card({ 'p3.number': '3530111333300000' }), 'p3.number')).toEqual(['card_brand_unknown']);
    expect(codes(card({ 'p3.type': 'amex', 'p3.number': '3782822463100050' }), 'p3.number')).toEqual([
      'card_number_invalid',
    ]);
  });

  it('expiry: this month is still valid, last month is expired', () => {
    expect(codes(card({ 'p3.expiry': '2026-11' }))).toEqual([]);
    expect(codes(card({ 'p3.expiry': '2026-10' }), 'p3.expiry')).toEqual(['card_expired']);
    expect(codes(card({ 'p3.expiry': '2026-13' }), 'p3.expiry')).toEqual(['date_invalid']);
  });

  it('amount > 0, whole dollars, fits the field', () => {
    expect(codes(card({ 'p3.amount': '0' }), 'p3.amount')).toEqual(['amount_not_positive']);
    expect(codes(card({ 'p3.amount': '715.00' }))).toEqual([]);
    expect(codes(card({ 'p3.amount': '12345678' }), 'p3.amount')).toEqual(['max_length']);
  });

  it('the U.S.-bank confirmation is required; the billing address is a U.S. address', () => {
    expect(codes(card({ 'p3.us_bank': false }), 'p3.us_bank')).toEqual(['choice_required']);
    expect(codes(card({ 'p2.zip': '' }), 'p2.zip')).toEqual(['zip_required']);
  });
});

describe('G-1650 ACH', () => {
  const ok: FormValues = NIW_SAMPLE.forms['G-1650']!;
  const ach = (v: FormValues) => run(g1650, { ...ok, ...v });

  it('the sample is valid', () => expect(ach({})).toEqual([]));

  it('ABA checksum', () => {
    expect(codes(ach({ 'p3.routing': '021000021' }))).toEqual([]);
    expect(codes(ach({ 'p3.routing': '011000016' }), 'p3.routing')).toEqual(['routing_invalid']);
    expect(codes(ach({ 'p3.routing': '01100001' }), 'p3.routing')).toEqual(['digits_invalid']);
  });

  it('account number digits', () => {
    expect(codes(ach({ 'p3.account': '12AB5678' }), 'p3.account')).toEqual(['digits_invalid']);
    expect(codes(ach({ 'p3.account': '123' }), 'p3.account')).toEqual(['digits_invalid']);
  });

  it('amount > 0; business accounts need the business name', () => {
    expect(codes(ach({ 'p3.amount': '0.00' }), 'p3.amount')).toEqual(['amount_not_positive']);
    expect(codes(ach({ 'p2.holder_type': 'business' }), 'p2.business_name')).toEqual(['required']);
  });
});

describe('the samples', () => {
  it.each([
    ['EB-1A', EB1A_SAMPLE],
    ['NIW', NIW_SAMPLE],
  ])('%s validates clean on every form', (_, sample) => {
    for (const [formNumber, values] of Object.entries(sample.forms)) {
      expect({ formNumber, issues: run(getForm(formNumber)!, values) }).toEqual({ formNumber, issues: [] });
    }
  });
});
